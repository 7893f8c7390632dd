// PodSecurity: judges pods against the Pod Security Standards level their namespace's labels
// choose (or the configured defaults). enforce refuses the pod with Kubernetes' 403, audit
// records the violation in the audit event, warn sends it back as a Warning header. Workloads
// that embed a pod template get audit and warn only. Namespace writes must carry valid labels,
// and a stricter enforce level dry-runs the namespace's existing pods. Exempt usernames, runtime
// classes and namespaces are left alone (and the audit event says why).
import type { Namespace } from '../../../../api/core/v1/namespace-types.ts';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { forbidden, internalError, isInternalError } from '../../../../machinery/status.ts';
import { aggregateString, invalidObject } from '../../../../machinery/validation/field-error.ts';
import { addAdmissionAuditAnnotation, addAdmissionWarning as addRequestWarning } from '../../request-scope.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { parsePodSecurityConfig, type PodSecurityConfig } from './config.ts';
import { aggregate, forbiddenDetail, newEvaluator, type AggregateResult, type Evaluator } from './evaluator.ts';
import { evaluatePodsInNamespace } from './namespace-pods.ts';
import { hasPodTemplate, isSignificantPodUpdate, podParts, podTemplateOf, type PodParts } from './pod-spec.ts';
import {
  compareLevels,
  equivalentPolicy,
  fullyPrivileged,
  LABEL_PREFIX,
  levelLabel,
  levelVersionString,
  MODES,
  policyFromLabels,
  sameLevelVersion,
  sameVersion,
  versionLabel,
  type LevelVersion,
  type Policy,
} from './policy-labels.ts';

/** The 500 a namespace that cannot be found is answered with (never a policy violation). */
const isLookupFailure = (err: unknown) => isInternalError(err);

/** Pod subresources that cannot change what the checks look at. */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** Where warnings and audit annotations go: the current request unless a test collects them. */
export interface AdmissionReport {
  warning(text: string): void;
  auditAnnotation(key: string, value: string): void;
}

const REQUEST_REPORT: AdmissionReport = { warning: addRequestWarning, auditAnnotation: addAdmissionAuditAnnotation };

export interface PodSecurityDeps {
  namespaces: NamespaceAccess;
  /** Lists the pods of a namespace when a stricter enforce level is set on it. */
  objects?: () => StoredObjects | undefined;
  evaluator?: Evaluator;
  report?: AdmissionReport;
}

export function podSecurity(deps: PodSecurityDeps, rawConfig: unknown): AdmissionPlugin {
  const config: PodSecurityConfig = parsePodSecurityConfig(rawConfig);
  const evaluator = deps.evaluator ?? newEvaluator();
  const { exemptions } = config;
  const exemptRuntimeClass = (name: string | undefined) => !!name && exemptions.runtimeClasses.has(name);
  const report = deps.report ?? REQUEST_REPORT;
  // The audit annotations Kubernetes adds, under pod-security.orch.io/.
  const annotate = (key: 'exempt' | 'enforce-policy' | 'audit-violations' | 'error', value: string) => report.auditAnnotation(LABEL_PREFIX + key, value);
  const warn = (text: string) => report.warning(text);

  interface NamespacePolicy {
    policy: Policy;
    labelErrors: string | undefined;
  }

  function policyOf(name: string, ns: { metadata: ObjectMeta } | undefined): NamespacePolicy {
    if (!ns) throw internalError(`failed to lookup namespace "${name}"`);
    const { policy, errors } = policyFromLabels(ns.metadata.labels, config.defaults);
    return { policy, labelErrors: errors.length ? aggregateString(errors) : undefined };
  }

  /**
   * The policy of a namespace, then `next` with it. A namespace the watch cache holds is answered
   * at once, so most pod writes wait for nothing here; only a store look-up returns a promise.
   */
  function withNamespacePolicy(name: string, next: (p: NamespacePolicy) => void): void | Promise<void> {
    const cached = deps.namespaces.cached(name);
    if (cached && !(cached instanceof Promise)) return next(policyOf(name, cached));
    return Promise.resolve(cached)
      .then((found) => found ?? deps.namespaces.get(name))
      .catch(() => undefined)
      .then((found) => next(policyOf(name, found)));
  }

  /** Exempt namespace or user: true, with the reason recorded. */
  function exempted(attrs: AdmissionAttributes): boolean {
    let reason: 'namespace' | 'user' | undefined;
    if (attrs.namespace && exemptions.namespaces.has(attrs.namespace)) reason = 'namespace';
    else if (attrs.userInfo?.name && exemptions.usernames.has(attrs.userInfo.name)) reason = 'user';
    if (reason) annotate('exempt', reason);
    return reason !== undefined;
  }

  function evaluate(attrs: AdmissionAttributes, policy: Policy, labelErrors: string | undefined, pod: PodParts, enforce: boolean): void {
    if (exemptRuntimeClass(pod.spec.runtimeClassName)) return annotate('exempt', 'runtimeClass');
    if (labelErrors) annotate('error', `Failed to parse policy: ${labelErrors}`);
    const results: { lv: LevelVersion; result: AggregateResult }[] = [];
    const judge = (lv: LevelVersion) => {
      const cached = results.find((r) => sameLevelVersion(r.lv, lv));
      if (cached) return cached.result;
      const result = aggregate(evaluator.evaluatePod(lv, pod.meta, pod.spec));
      results.push({ lv, result });
      return result;
    };
    let refusal: Error | undefined;
    if (enforce) {
      annotate('enforce-policy', levelVersionString(policy.enforce));
      const result = judge(policy.enforce);
      if (!result.allowed) {
        const name = attrs.object?.metadata?.name || attrs.name;
        refusal = forbidden(attrs.resource, name, `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(result)}`);
      }
    }
    const audit = judge(policy.audit);
    if (!audit.allowed) annotate('audit-violations', `would violate PodSecurity "${levelVersionString(policy.audit)}": ${forbiddenDetail(audit)}`);
    if (refusal) throw refusal;
    const warned = judge(policy.warn);
    if (!warned.allowed) warn(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(warned)}`);
  }

  function validatePod(attrs: AdmissionAttributes): void | Promise<void> {
    if (IGNORED_POD_SUBRESOURCES.has(attrs.subresource) || exempted(attrs)) return;
    return withNamespacePolicy(attrs.namespace, ({ policy, labelErrors }) => {
      if (!labelErrors && fullyPrivileged(policy)) return;
      const pod = attrs.object as Pod | undefined;
      if (!pod?.metadata) return;
      if (attrs.operation === 'UPDATE' && attrs.oldObject && !isSignificantPodUpdate(pod, attrs.oldObject as Pod)) return;
      evaluate(attrs, policy, labelErrors, podParts(pod), true);
    });
  }

  function validatePodController(attrs: AdmissionAttributes): void | Promise<void> {
    if (attrs.subresource || exempted(attrs)) return;
    const judge = ({ policy, labelErrors }: NamespacePolicy) => {
      if (!labelErrors && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
      const template = attrs.object && podTemplateOf(attrs.resource.group, attrs.resource.resource, attrs.object);
      if (template) evaluate(attrs, policy, labelErrors, template, false);
    };
    // A workload is never refused for want of its namespace: the failure goes to the audit event.
    const lookupFailed = (err: unknown) => annotate('error', `failed to lookup namespace "${attrs.namespace}": ${(err as Error).message}`);
    try {
      const pending = withNamespacePolicy(attrs.namespace, judge);
      return pending?.catch((err: unknown) => (isLookupFailure(err) ? lookupFailed(err) : Promise.reject(err)));
    } catch (err) {
      if (!isLookupFailure(err)) throw err;
      lookupFailed(err);
    }
  }

  async function validateNamespace(attrs: AdmissionAttributes): Promise<void> {
    const ns = attrs.object as Namespace | undefined;
    if (attrs.subresource || !ns?.metadata) return;
    const next = policyFromLabels(ns.metadata.labels, config.defaults);
    if (attrs.operation === 'CREATE') {
      if (next.errors.length) throw invalidObject(attrs.kind, attrs.name || ns.metadata.name || '', next.errors);
      return;
    }
    const prev = policyFromLabels((attrs.oldObject as Namespace | undefined)?.metadata?.labels, config.defaults);
    const changedErrors = JSON.stringify(next.errors) !== JSON.stringify(prev.errors);
    if (next.errors.length && (!prev.errors.length || changedErrors)) throw invalidObject(attrs.kind, attrs.name, next.errors);
    const [enforce, before] = [next.policy.enforce, prev.policy.enforce];
    if (sameLevelVersion(enforce, before) || enforce.level === 'privileged') return;
    if (sameVersion(enforce.version, before.version) && compareLevels(enforce.level, before.level) < 1) return;
    if (exemptions.namespaces.has(attrs.name)) {
      const warning = exemptNamespaceWarning(attrs.name, next.policy, ns.metadata.labels ?? {});
      if (warning) warn(warning);
      return;
    }
    const pods = (await deps.objects?.()?.list<Pod>('', 'pods', attrs.name)) ?? [];
    for (const w of evaluatePodsInNamespace({ evaluator, exemptRuntimeClass }, attrs.name, enforce, pods)) warn(w);
  }

  function exemptNamespaceWarning(name: string, policy: Policy, labels: Record<string, string>): string {
    if (fullyPrivileged(policy) || equivalentPolicy(policy, config.defaults)) return '';
    const parts = MODES.filter((m) => policy[m].level !== 'privileged' && (levelLabel(m) in labels || versionLabel(m) in labels)).map(
      (m) => `${m}=${levelVersionString(policy[m])}`,
    );
    return `namespace "${name}" is exempt from Pod Security, and the policy (${parts.join(', ')}) will be ignored`;
  }

  return {
    name: 'PodSecurity',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(attrs) {
      const { group, resource } = attrs.resource;
      if (group === '' && resource === 'namespaces') return validateNamespace(attrs);
      if (group === '' && resource === 'pods') return validatePod(attrs);
      if (hasPodTemplate(group, resource)) return validatePodController(attrs);
      return undefined;
    },
  };
}
