// ValidatePodSpec: a pod's (or a pod template's) spec as Kubernetes checks it, in Kubernetes'
// order, so that the causes of a 422 come out as they do upstream. Volumes and containers are
// checked by their own modules (../parts.ts); this file checks everything around them.
import type { PodResourceClaim, PodSpec } from '../../../../../api/core/v1/pod-types.ts';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import { validateLabels } from '../../../../../machinery/validation/object-meta.ts';
import { validateContainerResourceName } from '../../resource-names.ts';
import { validateResourceQuantityValue } from '../../quantity-errors.ts';
import { validateAffinity } from './affinity.ts';
import { dnsLabel, inclusiveRangeError, MAX_INT32 } from './checks.ts';
import { validateDNSConfig, validateDNSPolicy, validateHostAliases } from './dns.ts';
import { validatePodContainers, validatePodVolumes } from '../parts.ts';
import { validateReadinessGates, validateSchedulingGates, validateTolerations, validateTopologySpreadConstraints } from './scheduling.ts';
import { validateHostUsers, validateOSFields, validatePodSecurityContext } from './security-context.ts';

export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
const OS_NAMES = ['linux', 'windows'];

export interface PodSpecContext {
  /** The spec is a pod's own (not a template's): host ports must then equal container ports. */
  isPod: boolean;
  /** The pod's name, for the names of claims made from templates. */
  podName?: string;
}

function named(value: string, path: string, check: (v: string, prefix: boolean) => string[]): FieldError[] {
  return check(value, false).map((msg) => invalid(path, value, msg));
}

function validateResourceClaims(claims: readonly PodResourceClaim[] | undefined, podName: string | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (claims ?? []).forEach((claim, i) => {
    const at = `${path}[${i}]`;
    if (!claim.name) errs.push(required(`${at}.name`));
    else if (seen.has(claim.name)) errs.push(duplicate(`${at}.name`, claim.name));
    else {
      const nameErrs = dnsLabel(claim.name, `${at}.name`);
      errs.push(...nameErrs);
      if (!nameErrs.length && podName !== undefined && claim.resourceClaimTemplateName !== undefined) {
        const made = `${podName}-${claim.name}`;
        for (const msg of nameIsDNSSubdomain(made, false)) errs.push(invalid(`${at}.name`, made, `final ResourceClaim name: ${msg}`));
      }
      seen.add(claim.name);
    }
    const byName = claim.resourceClaimName !== undefined && claim.resourceClaimName !== null;
    const byTemplate = claim.resourceClaimTemplateName !== undefined && claim.resourceClaimTemplateName !== null;
    if (!byName && !byTemplate) errs.push(invalid(at, '', 'must specify one of: `resourceClaimName`, `resourceClaimTemplateName`'));
    else if (byName && byTemplate) errs.push(invalid(at, '', 'at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified'));
    if (byName) errs.push(...named(claim.resourceClaimName!, `${at}.resourceClaimName`, nameIsDNSSubdomain));
    if (byTemplate) errs.push(...named(claim.resourceClaimTemplateName!, `${at}.resourceClaimTemplateName`, nameIsDNSSubdomain));
  });
  return errs;
}

/**
 * With hostNetwork a template's host ports, when set, are its container ports (a pod's container
 * validation requires that of every port).
 */
function validateTemplateHostNetworkPorts(spec: PodSpec, isPod: boolean, path: string): FieldError[] {
  if (isPod || !spec.hostNetwork) return [];
  const errs: FieldError[] = [];
  (spec.containers ?? []).forEach((c, i) => {
    (c.ports ?? []).forEach((p, j) => {
      const hp = p.hostPort ?? 0;
      if (hp !== 0 && hp !== p.containerPort) {
        errs.push(invalid(`${path}.containers[${i}].ports[${j}].hostPort`, hp, 'must match `containerPort` when `hostNetwork` is true'));
      }
    });
  });
  return errs;
}

function validateResourceList(list: Record<string, string> | undefined, path: string): FieldError[] {
  return Object.keys(list ?? {}).sort().flatMap((name) => [...validateContainerResourceName(name, `${path}[${name}]`), ...validateResourceQuantityValue(name, list![name]!, `${path}[${name}]`)]);
}

function validatePodResources(spec: PodSpec, path: string): FieldError[] {
  const r = spec.resources;
  if (!r) return [];
  const errs: FieldError[] = [];
  if (r.claims !== undefined) errs.push(forbidden(`${path}.claims`, 'claims cannot be set for Resources at pod-level'));
  errs.push(...validateResourceList(r.limits, `${path}.limits`), ...validateResourceList(r.requests, `${path}.requests`));
  return errs;
}

export function validatePodSpec(spec: PodSpec, path: string, ctx: PodSpecContext): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) errs.push(required(`${path}.terminationGracePeriodSeconds`));
  const volumes = validatePodVolumes(spec, `${path}.volumes`, ctx.podName);
  errs.push(...volumes.errors);
  errs.push(...validateResourceClaims(spec.resourceClaims, ctx.podName, `${path}.resourceClaims`));
  errs.push(...validatePodContainers(spec, path, volumes.names, ctx.isPod));
  errs.push(...validatePodResources(spec, `${path}.resources`));
  errs.push(...validateTemplateHostNetworkPorts(spec, ctx.isPod, path));
  const restart = spec.restartPolicy ?? '';
  if (!restart) errs.push(required(`${path}.restartPolicy`));
  else if (!RESTART_POLICIES.includes(restart)) errs.push(notSupported(`${path}.restartPolicy`, restart, RESTART_POLICIES));
  errs.push(...validateDNSPolicy(spec.dnsPolicy, `${path}.dnsPolicy`));
  errs.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  errs.push(...validatePodSecurityContext(spec, `${path}.securityContext`));
  errs.push(...validateAffinity(spec.affinity, `${path}.affinity`));
  errs.push(...validateDNSConfig(spec.dnsConfig, spec.dnsPolicy, `${path}.dnsConfig`));
  errs.push(...validateReadinessGates(spec.readinessGates, `${path}.readinessGates`));
  errs.push(...validateSchedulingGates(spec.schedulingGates, `${path}.schedulingGates`));
  errs.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, `${path}.topologySpreadConstraints`));
  errs.push(...validateHostUsers(spec, path));
  if (spec.serviceAccountName) errs.push(...named(spec.serviceAccountName, `${path}.serviceAccountName`, nameIsDNSSubdomain));
  if (spec.nodeName) errs.push(...named(spec.nodeName, `${path}.nodeName`, nameIsDNSSubdomain));
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null && (deadline < 1 || deadline > MAX_INT32)) {
    errs.push(invalid(`${path}.activeDeadlineSeconds`, deadline, inclusiveRangeError(1, MAX_INT32)));
  }
  if (spec.hostname) errs.push(...dnsLabel(spec.hostname, `${path}.hostname`));
  if (spec.subdomain) errs.push(...dnsLabel(spec.subdomain, `${path}.subdomain`));
  if (spec.tolerations?.length) errs.push(...validateTolerations(spec.tolerations, `${path}.tolerations`));
  if (spec.hostAliases?.length) errs.push(...validateHostAliases(spec.hostAliases, `${path}.hostAliases`));
  if (spec.priorityClassName) errs.push(...named(spec.priorityClassName, `${path}.priorityClassName`, nameIsDNSSubdomain));
  if (spec.runtimeClassName !== undefined && spec.runtimeClassName !== null) errs.push(...named(spec.runtimeClassName, `${path}.runtimeClassName`, nameIsDNSSubdomain));
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null) {
    if (!spec.preemptionPolicy) errs.push(required(`${path}.preemptionPolicy`));
    else if (!PREEMPTION_POLICIES.includes(spec.preemptionPolicy)) errs.push(notSupported(`${path}.preemptionPolicy`, spec.preemptionPolicy, PREEMPTION_POLICIES));
  }
  if (spec.overhead) errs.push(...validateResourceList(spec.overhead, `${path}.overhead.limits`));
  if (spec.os) {
    if (!spec.os.name) errs.push(required(`${path}.os.name`, 'cannot be empty'));
    else if (!OS_NAMES.includes(spec.os.name)) errs.push(notSupported(`${path}.os`, spec.os.name, OS_NAMES));
    else errs.push(...validateOSFields(spec, path));
  }
  return errs;
}
