// The serviceaccount-token controller, as Kubernetes 1.35 runs it: a legacy token Secret (type
// service-account-token, naming its account by annotation) gets the data it lacks — `token`, a
// legacy JWT signed with --service-account-private-key-file; `namespace`; `ca.crt`, the
// --root-ca-file bundle (else the orchconfig's CA) whenever it differs — and the account's name
// and uid annotations, written to the Secret as just read from the server (a stale cache waits
// for the next event). A token Secret whose account is gone is deleted (uid precondition); an
// account deleted takes its token Secrets with it; a deleted token Secret is dropped from its
// account's `secrets`. Without a private key the controller does nothing. Two queues (accounts
// and Secrets), --concurrent-serviceaccount-token-syncs workers each, a key retried ten times.
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import type { ServiceAccount } from '../../../api/core/v1/service-account-types.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from './queue-worker.ts';
import type { LegacyTokenGenerator } from './tokens-jwt.ts';
import { accountOf, dataValue, isTokenOf, isTokenSecret, NAMESPACE_KEY, nameAnnotation, ROOT_CA_KEY, TOKEN_KEY, uidAnnotation } from './tokens-secrets.ts';

const log = klog('controllermanager/tokens');

export const CONTROLLER_NAME = 'serviceaccount-token-controller';
const SERVICE_ACCOUNTS = { group: '', version: 'v1', resource: 'serviceaccounts' };
const SECRETS = { group: '', version: 'v1', resource: 'secrets' };
const MAX_RETRIES = 10;
/** Retries of removing a deleted Secret's reference from its account when the account changed meanwhile. */
const REMOVE_REFERENCE_ATTEMPTS = 10;
const REMOVE_REFERENCE_BACKOFF_MS = 100;

interface AccountKey {
  namespace: string;
  name: string;
  uid: string;
}

interface SecretKey extends AccountKey {
  saName: string;
  saUID: string;
}

export interface TokensControllerRunOptions {
  generator: LegacyTokenGenerator;
  /** The CA bundle for ca.crt; '' leaves ca.crt alone. */
  rootCA: string;
  workers: number;
  clock?: Clock;
}

/** What a cached token Secret lacks: the CA (when it differs), the token, the namespace. */
export function secretUpdateNeeded(secret: Secret, rootCA: string): { ca: boolean; token: boolean; namespace: boolean } {
  return {
    ca: rootCA.length > 0 && !dataValue(secret, ROOT_CA_KEY).equals(Buffer.from(rootCA)),
    token: dataValue(secret, TOKEN_KEY).length === 0,
    namespace: dataValue(secret, NAMESPACE_KEY).length === 0,
  };
}

class TokensController {
  private readonly accountsQueue: RateLimitingQueue<string>;
  private readonly secretsQueue: RateLimitingQueue<string>;
  private readonly client: RestClient;
  private readonly accounts: SharedInformer<ServiceAccount>;
  private readonly secrets: SharedInformer<Secret>;
  private readonly opts: TokensControllerRunOptions;
  private readonly clock: Clock;
  private readonly signal: AbortSignal;

  constructor(ctx: ControllerContext, opts: TokensControllerRunOptions) {
    this.client = ctx.client!;
    this.opts = opts;
    this.clock = opts.clock ?? realClock;
    this.signal = ctx.signal;
    this.accountsQueue = new RateLimitingQueue<string>(this.clock);
    this.secretsQueue = new RateLimitingQueue<string>(this.clock);
    this.accounts = ctx.informers!.informerFor<ServiceAccount>(SERVICE_ACCOUNTS);
    this.secrets = ctx.informers!.informerFor<Secret>(SECRETS);
    const queueAccount = (sa: ServiceAccount) => this.accountsQueue.add(JSON.stringify({ namespace: sa.metadata.namespace ?? '', name: sa.metadata.name ?? '', uid: sa.metadata.uid ?? '' } satisfies AccountKey));
    const queueSecret = (s: Secret) => {
      if (!isTokenSecret(s)) return;
      const account = accountOf(s);
      this.secretsQueue.add(JSON.stringify({ namespace: s.metadata.namespace ?? '', name: s.metadata.name ?? '', uid: s.metadata.uid ?? '', saName: account.name, saUID: account.uid } satisfies SecretKey));
    };
    this.accounts.addEventHandler({ onAdd: queueAccount, onUpdate: (_old, sa) => queueAccount(sa), onDelete: queueAccount });
    this.secrets.addEventHandler({ onAdd: queueSecret, onUpdate: (_old, s) => queueSecret(s), onDelete: queueSecret });
    ctx.signal.addEventListener('abort', () => {
      this.accountsQueue.shutDown();
      this.secretsQueue.shutDown();
    }, { once: true });
  }

  async run(): Promise<void> {
    await waitForSync(this.signal, this.accounts, this.secrets);
    if (this.signal.aborted) return;
    const workers = Math.max(1, this.opts.workers);
    await Promise.all([
      ...Array.from({ length: workers }, () => this.work(this.accountsQueue, (k) => this.syncServiceAccount(JSON.parse(k) as AccountKey))),
      ...Array.from({ length: workers }, () => this.work(this.secretsQueue, (k) => this.syncSecret(JSON.parse(k) as SecretKey))),
    ]);
  }

  /** Takes keys until shutdown; a sync asking for a retry is requeued with back-off, at most ten times. */
  private async work(queue: RateLimitingQueue<string>, sync: (key: string) => Promise<boolean>): Promise<void> {
    for (;;) {
      const next = await queue.get();
      if (next.shutdown) return;
      let retry = false;
      try {
        retry = await sync(next.item);
      } catch (err) {
        if (!this.signal.aborted) log.error('Sync failed', { key: next.item, err: (err as Error).message });
        retry = !this.signal.aborted;
      }
      if (retry && queue.numRequeues(next.item) < MAX_RETRIES) queue.addRateLimited(next.item);
      else queue.forget(next.item);
      queue.done(next.item);
    }
  }

  private cachedAccount(namespace: string, name: string, uid: string): ServiceAccount | undefined {
    const sa = this.accounts.indexer.get(`${namespace}/${name}`);
    return sa && (!uid || uid === sa.metadata.uid) ? sa : undefined;
  }

  /** The account from the cache, else (when asked) from the server; undefined when gone or replaced. */
  private async account(namespace: string, name: string, uid: string, live: boolean): Promise<ServiceAccount | undefined> {
    const cached = this.cachedAccount(namespace, name, uid);
    if (cached || !live) return cached;
    try {
      const sa = await new ResourceClient<ServiceAccount>(this.client, SERVICE_ACCOUNTS, namespace).get(name, this.signal);
      return !uid || uid === sa.metadata.uid ? sa : undefined;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  private async syncServiceAccount(key: AccountKey): Promise<boolean> {
    if (this.cachedAccount(key.namespace, key.name, key.uid)) return false;
    // The account is gone: so are its tokens.
    log.info('Service account deleted, removing tokens', { serviceAccount: `${key.namespace}/${key.name}` }, 4);
    const gone: ServiceAccount = { metadata: { namespace: key.namespace, name: key.name, uid: key.uid } };
    let retry = false;
    for (const secret of this.secrets.indexer.byIndex('namespace', key.namespace)) {
      if (!isTokenOf(secret, gone)) continue;
      if (await this.deleteToken(key.namespace, secret.metadata.name ?? '', secret.metadata.uid ?? '')) retry = true;
    }
    return retry;
  }

  private async syncSecret(key: SecretKey): Promise<boolean> {
    const cached = this.secrets.indexer.get(`${key.namespace}/${key.name}`);
    const secret = cached && (!key.uid || key.uid === cached.metadata.uid) ? cached : undefined;
    if (!secret) {
      // The Secret is gone: its account, if still there, no longer refers to it.
      if (this.cachedAccount(key.namespace, key.saName, key.saUID)) await this.removeSecretReferenceWithRetries(key);
      return false;
    }
    const sa = await this.account(key.namespace, key.saName, key.saUID, true);
    if (!sa) {
      log.info('Service account does not exist, deleting token', { secret: `${key.namespace}/${key.name}` }, 4);
      return this.deleteToken(key.namespace, key.name, key.uid);
    }
    return this.generateTokenIfNeeded(sa, secret);
  }

  /** Deletes a token Secret; true when the deletion should be tried again. */
  private async deleteToken(namespace: string, name: string, uid: string): Promise<boolean> {
    try {
      await this.client.request({
        method: 'DELETE',
        path: `${collectionPath(SECRETS, namespace)}/${encodeURIComponent(name)}`,
        body: { apiVersion: 'v1', kind: 'DeleteOptions', ...(uid ? { preconditions: { uid } } : {}) },
        signal: this.signal,
      });
      return false;
    } catch (err) {
      // Gone already, or another Secret of that name now: nothing to retry.
      if (isNotFound(err) || isConflict(err)) return false;
      log.error('Error deleting serviceaccount token', { secret: `${namespace}/${name}`, err: (err as Error).message });
      return true;
    }
  }

  private async generateTokenIfNeeded(sa: ServiceAccount, cached: Secret): Promise<boolean> {
    const needs = secretUpdateNeeded(cached, this.opts.rootCA);
    if (!needs.ca && !needs.token && !needs.namespace) return false;
    const api = new ResourceClient<Secret>(this.client, SECRETS, cached.metadata.namespace);
    let live: Secret;
    try {
      live = await api.get(cached.metadata.name ?? '', this.signal);
    } catch (err) {
      return !isNotFound(err);
    }
    if (live.metadata.resourceVersion !== cached.metadata.resourceVersion) {
      log.info('Secret is not up to date, skipping token population', { secret: `${live.metadata.namespace}/${live.metadata.name}` }, 2);
      return false;
    }
    const now = secretUpdateNeeded(live, this.opts.rootCA);
    if (!now.ca && !now.token && !now.namespace) return false;
    const data = { ...(live.data ?? {}) };
    if (now.ca) data[ROOT_CA_KEY] = Buffer.from(this.opts.rootCA).toString('base64');
    if (now.namespace) data[NAMESPACE_KEY] = Buffer.from(live.metadata.namespace ?? '').toString('base64');
    if (now.token) {
      const token = await this.opts.generator.generate({
        namespace: sa.metadata.namespace ?? '',
        serviceAccountName: sa.metadata.name ?? '',
        serviceAccountUID: sa.metadata.uid ?? '',
        secretName: live.metadata.name ?? '',
      });
      data[TOKEN_KEY] = Buffer.from(token).toString('base64');
    }
    live.data = data;
    live.metadata.annotations = { ...live.metadata.annotations, [nameAnnotation(live)]: sa.metadata.name ?? '', [uidAnnotation(live)]: sa.metadata.uid ?? '' };
    try {
      await api.update(live, this.signal);
      log.info('Populated serviceaccount token', { secret: `${live.metadata.namespace}/${live.metadata.name}`, serviceAccount: sa.metadata.name }, 2);
      return false;
    } catch (err) {
      // Changed or deleted meanwhile: the event that follows brings it back.
      if (isConflict(err) || isNotFound(err)) return false;
      log.error('Error populating serviceaccount token', { secret: `${live.metadata.namespace}/${live.metadata.name}`, err: (err as Error).message });
      return true;
    }
  }

  private async removeSecretReferenceWithRetries(key: SecretKey): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.removeSecretReference(key);
        return;
      } catch (err) {
        if (!isConflict(err) || attempt >= REMOVE_REFERENCE_ATTEMPTS || this.signal.aborted) {
          if (!this.signal.aborted) log.error('Removing secret reference', { secret: `${key.namespace}/${key.name}`, err: (err as Error).message });
          return;
        }
        // Jittered like Kubernetes' RemoveTokenBackoff (100 ms, jitter 1.0).
        await sleep(this.clock, REMOVE_REFERENCE_BACKOFF_MS * (1 + Math.random()), this.signal).catch(() => undefined);
      }
    }
  }

  private async removeSecretReference(key: SecretKey): Promise<void> {
    const api = new ResourceClient<ServiceAccount>(this.client, SERVICE_ACCOUNTS, key.namespace);
    let sa: ServiceAccount;
    try {
      sa = await api.get(key.saName, this.signal);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (key.saUID && key.saUID !== sa.metadata.uid) return;
    if (!(sa.secrets ?? []).some((r) => r.name === key.name)) return;
    sa.secrets = (sa.secrets ?? []).filter((r) => r.name !== key.name);
    try {
      await api.update(sa, this.signal);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}

export function tokensController(opts: TokensControllerRunOptions | (() => TokensControllerRunOptions | undefined)): ControllerRun {
  return async (ctx: ControllerContext) => {
    if (!ctx.client || !ctx.informers) throw new Error('the serviceaccount-token controller needs an API client and informers');
    const resolved = typeof opts === 'function' ? opts() : opts;
    if (!resolved) {
      log.info('Controller is disabled because there is no private key', { controller: CONTROLLER_NAME });
      return;
    }
    const controller = new TokensController(ctx, resolved);
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await controller.run();
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
