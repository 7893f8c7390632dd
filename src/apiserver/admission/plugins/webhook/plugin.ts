// ValidatingAdmissionWebhook and MutatingAdmissionWebhook over the webhook configurations the
// server stores. Validating webhooks are called in parallel and any denial refuses the request;
// mutating webhooks are called in order, each JSON patch applied to the object before the next
// call, and IfNeeded webhooks are called once more, in the chain's extra round, when a later
// webhook or admission plugin changed the object.
import fastJsonPatch from 'fast-json-patch';
import { internalError } from '../../../../machinery/status.ts';
import type { MutatingWebhook, MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../../../../api/admissionregistration/v1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { convertObject } from '../matching/equivalent-resource.ts';
import { takeMutated } from '../../mutated-object.ts';
import { addAdmissionAuditAnnotation } from '../../request-scope.ts';
import { pluginReinvocation } from '../../reinvocation.ts';
import { callWebhook } from './call.ts';
import type { ServiceResolver } from '../../../aggregator/resolver.ts';
import type { EgressDialer } from '../../../egress/selector.ts';
import { selectWebhooks, type SelectedHook } from './select.ts';

export interface WebhookSource {
  validatingWebhooks: { list(): readonly ValidatingWebhookConfiguration[] };
  mutatingWebhooks: { list(): readonly MutatingWebhookConfiguration[] };
}

export interface WebhookPluginDeps {
  namespaces: NamespaceAccess;
  /** Undefined until the configurations are served. */
  source: () => WebhookSource | undefined;
  /** The server's authorizer, for match conditions' `authorizer` variable. */
  authorizer?: () => Authorizer | undefined;
  /** How a webhook named by its service is reached, once services are served. */
  serviceResolver?: () => ServiceResolver | undefined;
  /** The egress selector's cluster dialer; none: webhooks are dialled directly. */
  clusterDialer?: EgressDialer;
}

const handlesAll = (op: string) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE' || op === 'CONNECT';

export function validatingAdmissionWebhook(deps: WebhookPluginDeps): AdmissionPlugin {
  return {
    name: 'ValidatingAdmissionWebhook',
    handles: handlesAll,
    validate(attrs) {
      const configs = deps.source()?.validatingWebhooks.list() ?? [];
      // Without configurations there is nothing to wait for.
      return configs.length ? validateWithWebhooks(deps, configs, attrs) : undefined;
    },
  };
}

async function validateWithWebhooks(deps: WebhookPluginDeps, configs: readonly ValidatingWebhookConfiguration[], attrs: AdmissionAttributes): Promise<void> {
  const hooks = await selectWebhooks(configs, attrs, deps.namespaces, deps.authorizer?.(), 'validating');
  const results = await Promise.allSettled(hooks.map((h, index) => callWebhook(h.hook, attrs, h.target, { kind: 'validating', round: 0, index, resolve: deps.serviceResolver?.(), dial: deps.clusterDialer })));
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) throw (refused as PromiseRejectedResult).reason;
}

function applyPatch(attrs: AdmissionAttributes, selected: SelectedHook<MutatingWebhook>, patch: string): boolean {
  let ops: fastJsonPatch.Operation[];
  try {
    ops = JSON.parse(Buffer.from(patch, 'base64').toString('utf8')) as fastJsonPatch.Operation[];
    if (!Array.isArray(ops)) throw new Error('the patch is not a list of operations');
  } catch (err) {
    throw internalError(`failed to decode the patch of webhook ${JSON.stringify(selected.hook.name)}: ${(err as Error).message}`);
  }
  if (!ops.length || !attrs.object) return false;
  const before = convertObject(attrs.object, selected.target.kind);
  let after: ApiObject;
  try {
    after = fastJsonPatch.applyPatch(structuredClone(before), ops, true, false).newDocument;
  } catch (err) {
    throw internalError(`failed to apply the patch of webhook ${JSON.stringify(selected.hook.name)}: ${(err as Error).message}`);
  }
  try {
    return takeMutated(attrs, convertObject(after, attrs.kind));
  } catch (err) {
    // Kubernetes answers a patched object it cannot decode with an internal error.
    throw internalError(`the patch of webhook ${JSON.stringify(selected.hook.name)}: ${(err as Error).message}`);
  }
}

export function mutatingAdmissionWebhook(deps: WebhookPluginDeps): AdmissionPlugin {
  return {
    name: 'MutatingAdmissionWebhook',
    handles: handlesAll,
    reinvocable: true,
    admit(attrs) {
      const configs = deps.source()?.mutatingWebhooks.list() ?? [];
      // Without configurations there is nothing to wait for.
      return configs.length ? admitWithWebhooks(deps, configs, attrs) : undefined;
    },
  };
}

async function admitWithWebhooks(deps: WebhookPluginDeps, configs: readonly MutatingWebhookConfiguration[], attrs: AdmissionAttributes): Promise<void> {
  const hooks = await selectWebhooks(configs, attrs, deps.namespaces, deps.authorizer?.(), 'mutating');
  const reinvocation = pluginReinvocation(attrs.reinvocation, 'MutatingAdmissionWebhook');
  const round = reinvocation.isReinvoke ? 1 : 0;
  reinvocation.begin(attrs.object);
  try {
    for (const [index, selected] of hooks.entries()) {
      const key = `${selected.configuration}/${selected.hook.name}`;
      if (!reinvocation.shouldRun(key)) continue;
      const response = await callWebhook(selected.hook, attrs, selected.target, { kind: 'mutating', round, index, resolve: deps.serviceResolver?.(), dial: deps.clusterDialer });
      const mutated = !!response?.patch && applyPatch(attrs, selected, response.patch);
      reinvocation.ran(key, selected.hook.reinvocationPolicy === 'IfNeeded', mutated);
      addAdmissionAuditAnnotation(`mutation.webhook.admission.orch.io/round_${round}_index_${index}`, JSON.stringify({ configuration: selected.configuration, webhook: selected.hook.name, mutated }));
    }
  } finally {
    reinvocation.end(attrs.object);
  }
}
