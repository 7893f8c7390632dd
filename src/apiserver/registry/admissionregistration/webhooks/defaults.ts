// v1 defaults of webhook configurations, as Kubernetes applies them on every write.
import type { MutatingWebhook, RuleWithOperations, ValidatingWebhook } from '../../../../api/admissionregistration/v1/types.ts';

function defaultRules(rules: RuleWithOperations[] | undefined): void {
  for (const r of rules ?? []) r.scope ??= '*';
}

export function defaultWebhook(w: ValidatingWebhook): void {
  w.failurePolicy ??= 'Fail';
  w.matchPolicy ??= 'Equivalent';
  w.namespaceSelector ??= {};
  w.objectSelector ??= {};
  w.timeoutSeconds ??= 10;
  defaultRules(w.rules);
  if (w.clientConfig?.service) w.clientConfig.service.port ??= 443;
}

export function defaultMutatingWebhook(w: MutatingWebhook): void {
  defaultWebhook(w);
  w.reinvocationPolicy ??= 'Never';
}
