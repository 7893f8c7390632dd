// The webhooks of every configuration that apply to a request: rules (with matchPolicy),
// namespace selector, object selector, then match conditions, in configuration-name order.
// A match condition that cannot be evaluated follows the webhook's failurePolicy.
import { klog } from '../../../../component-base/logs/klog.ts';
import { internalError } from '../../../../machinery/status.ts';
import type { ValidatingWebhook } from '../../../../api/admissionregistration/v1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { matchRules, namespaceSelectorMatches, objectSelectorMatches, type MatchedTarget } from '../matching/rules.ts';
import { admissionActivation, evaluateMatchConditions, webhookCel } from '../cel/admission-cel.ts';
import { addAdmissionAuditAnnotation } from '../../request-scope.ts';

const log = klog('apiserver/admission/webhook');

export interface WebhookConfigurationLike<W extends ValidatingWebhook> {
  metadata: { name?: string };
  webhooks?: W[];
}

export interface SelectedHook<W extends ValidatingWebhook> {
  configuration: string;
  hook: W;
  target: MatchedTarget;
}

/** False when a match condition excludes the hook; throws when one fails under failurePolicy Fail. */
async function matchConditionsAllow(hook: ValidatingWebhook, attrs: AdmissionAttributes, target: MatchedTarget, authorizer: Authorizer | undefined, kind: string): Promise<boolean> {
  if (!hook.matchConditions?.length) return true;
  const result = await evaluateMatchConditions(hook.matchConditions, admissionActivation({ attrs, target, authorizer }), webhookCel);
  if (!('error' in result)) return result.matched;
  const message = `failed calling webhook ${JSON.stringify(hook.name)}: failed evaluating match conditions: ${result.error}`;
  if ((hook.failurePolicy ?? 'Fail') === 'Ignore') {
    log.warning('Failed evaluating match conditions, failing open', { webhook: hook.name, err: message });
    addAdmissionAuditAnnotation(`failed-open.${kind}.webhook.admission.orch.io/match_conditions`, hook.name);
    return false;
  }
  log.warning('Failed evaluating match conditions, failing closed', { webhook: hook.name, err: message });
  throw internalError(message);
}

export async function selectWebhooks<W extends ValidatingWebhook>(
  configurations: readonly WebhookConfigurationLike<W>[],
  attrs: AdmissionAttributes,
  namespaces: NamespaceAccess,
  authorizer?: Authorizer,
  kind: 'validating' | 'mutating' = 'validating',
): Promise<SelectedHook<W>[]> {
  const out: SelectedHook<W>[] = [];
  for (const c of configurations) {
    for (const hook of c.webhooks ?? []) {
      const target = matchRules(hook.rules, hook.matchPolicy, attrs);
      if (!target || !objectSelectorMatches(hook.objectSelector, attrs)) continue;
      if (!(await namespaceSelectorMatches(hook.namespaceSelector, attrs, namespaces))) continue;
      if (!(await matchConditionsAllow(hook, attrs, target, authorizer, kind))) continue;
      out.push({ configuration: c.metadata.name ?? '', hook, target });
    }
  }
  return out;
}
