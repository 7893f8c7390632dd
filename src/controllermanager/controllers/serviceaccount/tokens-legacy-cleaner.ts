// The legacy-serviceaccount-token-cleaner controller, as Kubernetes 1.35 runs it: once a day (and
// at start) the legacy token Secrets older than --legacy-service-account-token-clean-up-period
// that were generated for an account (the account lists them in `secrets`), that no pod refers to
// and that were not used within the period (the orch.io/legacy-token-last-used date label the API
// server keeps) are first labelled orch.io/legacy-token-invalid-since=<today>, and deleted once
// that date is a whole period old. Nothing happens until the API server has tracked token use for
// a period: the `since` date of its orch-apiserver-legacy-service-account-token-tracking
// ConfigMap in orch-system.
import type { ConfigMap } from '../../../api/core/v1/configmap-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import type { ServiceAccount } from '../../../api/core/v1/service-account-types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from './queue-worker.ts';
import { podSecretNames } from './tokens-pod-secrets.ts';
import { accountOf, INVALID_SINCE_LABEL, isTokenSecret, LAST_USED_LABEL } from './tokens-secrets.ts';

const log = klog('controllermanager/legacy-sa-token-cleaner');

export const CONTROLLER_NAME = 'legacy-serviceaccount-token-cleaner-controller';
export const TRACKING_CONFIG_MAP = 'orch-apiserver-legacy-service-account-token-tracking';
export const TRACKING_NAMESPACE = 'orch-system';
export const TRACKING_SINCE_KEY = 'since';
export const SYNC_INTERVAL_MS = 24 * 3600_000;
const DAY_MS = 24 * 3600_000;
const SECRETS = { group: '', version: 'v1', resource: 'secrets' };
const SERVICE_ACCOUNTS = { group: '', version: 'v1', resource: 'serviceaccounts' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const CONFIG_MAPS = { group: '', version: 'v1', resource: 'configmaps' };
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `2006-01-02` date as the UTC midnight it starts; undefined when it is not one. */
export function parseDate(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().startsWith(text) ? ms : undefined;
}

export const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type TokenVerdict = 'keep' | 'mark-invalid' | 'delete';

export interface TokenFacts {
  secret: Secret;
  /** The account the Secret names, when it exists and lists the Secret. */
  generatedFor: ServiceAccount | undefined;
  /** Some pod in the namespace refers to the Secret. */
  mounted: boolean;
}

/** What the cleaner does with one token Secret at `nowMs`. */
export function tokenVerdict(facts: TokenFacts, nowMs: number, cleanUpPeriodMs: number): TokenVerdict {
  const { secret } = facts;
  if (!isTokenSecret(secret) || secret.metadata.deletionTimestamp) return 'keep';
  const created = timeToDate(secret.metadata.creationTimestamp)?.getTime() ?? 0;
  if (!(created < nowMs - cleanUpPeriodMs)) return 'keep';
  const preserveUsedOnOrAfter = formatDate(nowMs - cleanUpPeriodMs);
  const lastUsed = secret.metadata.labels?.[LAST_USED_LABEL];
  if (lastUsed !== undefined) {
    // A date that does not parse says nothing: the token is kept.
    if (parseDate(lastUsed) === undefined || lastUsed >= preserveUsedOnOrAfter) return 'keep';
  }
  if (!facts.generatedFor || facts.mounted) return 'keep';
  const invalidSince = secret.metadata.labels?.[INVALID_SINCE_LABEL] ?? '';
  if (parseDate(invalidSince) === undefined) return 'mark-invalid';
  return invalidSince >= preserveUsedOnOrAfter ? 'keep' : 'delete';
}

/** The start of the day after tracking began: use before then is unknown. */
async function trackedSince(client: RestClient, signal: AbortSignal): Promise<number> {
  const cm = await new ResourceClient<ConfigMap>(client, CONFIG_MAPS, TRACKING_NAMESPACE).get(TRACKING_CONFIG_MAP, signal);
  const since = cm.data?.[TRACKING_SINCE_KEY];
  if (since === undefined) throw new Error('configMap does not have since label');
  const day = parseDate(since);
  if (day === undefined) throw new Error(`error parsing trackedSince time: ${JSON.stringify(since)} is not a date`);
  return day + DAY_MS;
}

export function legacyTokenCleanerController(opts: { cleanUpPeriodMs: number; syncIntervalMs?: number; clock?: Clock }): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the legacy service account token cleaner needs an API client and informers');
    if (!(opts.cleanUpPeriodMs > 0)) throw new Error(`invalid CleanUpPeriod: ${opts.cleanUpPeriodMs}ms`);
    const clock = opts.clock ?? realClock;
    const accounts = ctx.informers.informerFor<ServiceAccount>(SERVICE_ACCOUNTS);
    const secrets = ctx.informers.informerFor<Secret>(SECRETS);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, accounts, secrets, pods);

    const evaluate = async () => {
      const now = clock.now();
      let since: number;
      try {
        since = await trackedSince(client, ctx.signal);
      } catch (err) {
        // An API server that does not track legacy token use never writes the map: nothing can be judged unused.
        if (isNotFound(err)) log.info('Legacy token use is not tracked by the API server: no legacy token is cleaned up', { configMap: `${TRACKING_NAMESPACE}/${TRACKING_CONFIG_MAP}` }, 2);
        else log.error('Getting lastest possible tracked_since time', { err: (err as Error).message });
        return;
      }
      // Not tracked for long enough to know which tokens are unused.
      if (now < since + opts.cleanUpPeriodMs) return;
      const mountedByNamespace = new Map<string, Set<string>>();
      const mounted = (ns: string) => {
        let names = mountedByNamespace.get(ns);
        if (!names) {
          names = new Set(pods.indexer.byIndex('namespace', ns).flatMap((p) => [...podSecretNames(p)]));
          mountedByNamespace.set(ns, names);
        }
        return names;
      };
      for (const secret of secrets.indexer.list()) {
        if (!isTokenSecret(secret)) continue;
        const ns = secret.metadata.namespace ?? '';
        const name = secret.metadata.name ?? '';
        const account = accountOf(secret);
        const sa = account.name ? accounts.indexer.get(`${ns}/${account.name}`) : undefined;
        const generatedFor = sa && (!account.uid || account.uid === sa.metadata.uid) && (sa.secrets ?? []).some((r) => r.name === name) ? sa : undefined;
        const verdict = tokenVerdict({ secret, generatedFor, mounted: generatedFor ? mounted(ns).has(name) : false }, now, opts.cleanUpPeriodMs);
        if (verdict === 'mark-invalid') {
          const invalidSince = formatDate(now);
          log.info('Mark the auto-generated service account token as invalid', { invalidSince, secret: `${ns}/${name}` });
          try {
            await new ResourceClient<Secret>(client, SECRETS, ns).patch(name, 'application/merge-patch+json', { metadata: { uid: secret.metadata.uid, labels: { [INVALID_SINCE_LABEL]: invalidSince } } }, {}, ctx.signal);
          } catch (err) {
            log.error('Failed to label legacy service account token secret with invalid since date', { secret: `${ns}/${name}`, err: (err as Error).message });
          }
        } else if (verdict === 'delete') {
          log.info('Delete auto-generated service account token', { secret: `${ns}/${name}`, creationTime: secret.metadata.creationTimestamp, lastUsed: secret.metadata.labels?.[LAST_USED_LABEL] ?? '', invalidSince: secret.metadata.labels?.[INVALID_SINCE_LABEL] });
          try {
            await client.request({ method: 'DELETE', path: `${collectionPath(SECRETS, ns)}/${encodeURIComponent(name)}`, body: { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { resourceVersion: secret.metadata.resourceVersion } }, signal: ctx.signal });
          } catch (err) {
            if (!isConflict(err) && !isNotFound(err)) log.error('Deleting legacy service account token', { secret: `${ns}/${name}`, serviceaccount: account.name, err: (err as Error).message });
          }
        }
      }
    };
    while (!ctx.signal.aborted) {
      await evaluate();
      await sleep(clock, opts.syncIntervalMs ?? SYNC_INTERVAL_MS, ctx.signal).catch(() => undefined);
    }
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
