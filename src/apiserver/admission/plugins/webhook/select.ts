// The webhooks of every configuration that apply to a request: rules (with matchPolicy),
// namespace selector and object selector, in configuration-name order.
import type { ValidatingWebhook } from '../../../../api/admissionregistration/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { matchRules, namespaceSelectorMatches, objectSelectorMatches, type MatchedTarget } from '../common/matching.ts';

export interface WebhookConfigurationLike<W extends ValidatingWebhook> {
  metadata: { name?: string };
  webhooks?: W[];
}

export interface SelectedHook<W extends ValidatingWebhook> {
  configuration: string;
  hook: W;
  target: MatchedTarget;
}

export async function selectWebhooks<W extends ValidatingWebhook>(
  configurations: readonly WebhookConfigurationLike<W>[],
  attrs: AdmissionAttributes,
  namespaces: NamespaceAccess,
): Promise<SelectedHook<W>[]> {
  const out: SelectedHook<W>[] = [];
  for (const c of configurations) {
    for (const hook of c.webhooks ?? []) {
      const target = matchRules(hook.rules, hook.matchPolicy, attrs);
      if (!target || !objectSelectorMatches(hook.objectSelector, attrs)) continue;
      if (!(await namespaceSelectorMatches(hook.namespaceSelector, attrs, namespaces))) continue;
      out.push({ configuration: c.metadata.name ?? '', hook, target });
    }
  }
  return out;
}
