// ResourceQuota: a namespace's ResourceQuotas cap what its objects may use, in total. Each create
// or update that changes usage is checked against every quota it falls under and, when all have
// room, charged to their status.used by compare-and-swap, so concurrent requests, here or on
// another server, cannot together overshoot a quota. A conflicting write is checked again against
// the quotas as they now stand (three times at most). Dry runs are checked and not charged.
import type { ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { equalLists } from '../../../../machinery/quantity/resource-lists.ts';
import type { QuotaStore } from './access.ts';
import { parseResourceQuotaConfig, type LimitedResource } from './config.ts';
import { checkRequest } from './check-request.ts';
import type { QuotaEvaluator } from './evaluators/evaluator.ts';
import { evaluatorRegistry } from './evaluators/registry.ts';
import { namespaceSerializer, statusLags, type QuotaStatusKeeper } from './status-keeper.ts';

const UPDATE_ATTEMPTS = 3;
/** How long a storage read that found quotas the cache lacked, or none, stands in for the cache. */
const LIVE_LOOKUP_TTL_MS = 30_000;
const LIVE_LOOKUP_ENTRIES = 10_000;

export interface QuotaReaders {
  quotas: QuotaStore;
  /** Fills the status of new or changed quotas; without it they count once something else fills it. */
  keeper?: QuotaStatusKeeper;
}

export interface ResourceQuotaDeps {
  readers: () => QuotaReaders | undefined;
  now?: () => number;
}

async function chargeQuotas(
  store: QuotaStore,
  quotas: readonly ResourceQuota[],
  attrs: AdmissionAttributes,
  evaluator: QuotaEvaluator,
  limited: readonly LimitedResource[],
  attemptsLeft: number,
): Promise<void> {
  const charged = checkRequest(quotas, attrs, evaluator, limited);
  if (attrs.dryRun) return;
  const changed = charged.filter((q, i) => !equalLists(quotas[i]!.status?.used ?? {}, q.status?.used ?? {}));
  const failed: string[] = [];
  let lastErr: unknown;
  for (const quota of changed) {
    try {
      await store.updateStatus(quota);
    } catch (err) {
      failed.push(quota.metadata.name ?? '');
      lastErr = err;
    }
  }
  if (!failed.length) return;
  if (attemptsLeft <= 1) throw lastErr;
  // Only the quotas whose write lost a race are checked again, as they now stand.
  const fresh = (await store.list(attrs.namespace)).filter((q) => failed.includes(q.metadata.name ?? ''));
  return chargeQuotas(store, fresh, attrs, evaluator, limited, attemptsLeft - 1);
}

export function resourceQuota(deps: ResourceQuotaDeps, rawConfig: unknown): AdmissionPlugin {
  const limited = parseResourceQuotaConfig(rawConfig);
  const now = deps.now ?? Date.now;
  // Namespace → whether storage held quotas when the cache held none (the cache may lag a create).
  const live = new Map<string, { expires: number; any: boolean }>();
  const hasQuotas = async (store: QuotaStore, namespace: string): Promise<boolean> => {
    if ((await store.list(namespace, { cached: true })).length) return true;
    const entry = live.get(namespace);
    if (entry && entry.expires >= now()) return entry.any;
    const any = (await store.list(namespace)).length > 0;
    live.delete(namespace);
    if (live.size >= LIVE_LOOKUP_ENTRIES) live.delete(live.keys().next().value!);
    live.set(namespace, { expires: now() + LIVE_LOOKUP_TTL_MS, any });
    return any;
  };
  const registry = evaluatorRegistry(now);
  const serializeHere = namespaceSerializer();
  return {
    name: 'ResourceQuota',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async validate(attrs) {
      if (attrs.subresource !== '' && attrs.subresource !== 'resize') return;
      if (!attrs.namespace || !attrs.object) return;
      const evaluator = registry.get(attrs.resource.group, attrs.resource.resource);
      if (!evaluator?.handles(attrs)) return;
      const readers = deps.readers();
      if (!readers) throw admissionForbidden(attrs, 'not yet ready to handle request');
      const { quotas: store, keeper } = readers;
      // Most namespaces have no quota: a cached read, and no waiting for other writes.
      if (!limited.length && !(await hasQuotas(store, attrs.namespace))) return;
      const serialize = keeper?.serialize ?? serializeHere;
      await serialize(attrs.namespace, async () => {
        let quotas = await store.list(attrs.namespace);
        if (keeper) quotas = await Promise.all(quotas.map((q) => (statusLags(q) ? keeper.syncSerialized(q) : q)));
        await chargeQuotas(store, quotas, attrs, evaluator, limited, UPDATE_ATTEMPTS);
      });
    },
  };
}
