// --use-service-account-credentials: each controller talks to the API server as its own service
// account, orch-system/<controller>, as Kubernetes' SA-token client builder does. The account is
// created when missing (with the controller manager's own credentials), a token is requested
// through TokenRequest, and it is renewed when a fifth of its lifetime remains; the controller's
// client carries only that token, never the manager's own certificate or token.
import { controllerDescriptors } from '../../options/controllermanager/known-controllers.ts';
import type { ServiceAccount } from '../../api/core/v1/service-account-types.ts';
import type { TokenRequest } from '../../api/authentication/v1/token-request-types.ts';
import { sleep, type Clock, type TimerHandle } from '../../client/clock/clock.ts';
import type { ConnectionConfig } from '../../client/orchconfig/types.ts';
import { RestClient, type RestClientOptions } from '../../client/rest/client.ts';
import { isAlreadyExists, isNotFound } from '../../machinery/status.ts';
import { ResourceClient } from '../../client/rest/resource.ts';
import { klog } from '../../component-base/logs/klog.ts';
import type { ControllerRun } from '../controller.ts';

const log = klog('controllermanager/credentials');

export const CREDENTIALS_NAMESPACE = 'orch-system';
const EXPIRATION_SECONDS = 3600;
/** Renew when this fraction of the lifetime remains (Kubernetes: 20%). */
const LEEWAY = 0.2;
const RETRY_MS = 10_000;
const SERVICE_ACCOUNTS = { group: '', version: 'v1', resource: 'serviceaccounts' };

const ACCOUNTS = new Map(controllerDescriptors.map((c) => [c.name, c.serviceAccount]));

/**
 * The service account a controller runs as, from its descriptor (the API server's bootstrap policy
 * binds the same name): `namespace-controller`, `root-ca-certificate-publisher`.
 */
export function serviceAccountFor(controllerName: string): string {
  return ACCOUNTS.get(controllerName) ?? controllerName;
}

export interface ServiceAccountClientOptions {
  /** The manager's own client: creates accounts and asks for tokens. */
  root: RestClient;
  connection: ConnectionConfig;
  rest: RestClientOptions;
  clock: Clock;
  expirationSeconds?: number;
}

interface ControllerCredentials {
  token: string;
  client: RestClient;
  timer?: TimerHandle;
}

export class ServiceAccountClientBuilder {
  private readonly opts: ServiceAccountClientOptions;
  private readonly credentials = new Set<ControllerCredentials>();

  constructor(opts: ServiceAccountClientOptions) {
    this.opts = opts;
  }

  /** A client authenticated as the controller's service account; renews its token until the signal aborts. */
  async clientFor(controllerName: string, signal: AbortSignal): Promise<RestClient> {
    const account = serviceAccountFor(controllerName);
    const first = await this.requestToken(account, signal);
    const creds: ControllerCredentials = { token: first.token, client: undefined as unknown as RestClient };
    const base = this.opts.connection;
    // Only the server and how to trust it are kept; the token is read on every request.
    const connection: ConnectionConfig = {
      host: base.host,
      caData: base.caData,
      insecureSkipTLSVerify: base.insecureSkipTLSVerify,
      serverName: base.serverName,
      get bearerToken() {
        return creds.token;
      },
    };
    creds.client = new RestClient(connection, { ...this.opts.rest, userAgent: `${this.opts.rest.userAgent ?? 'orch-controller-manager'}/${account}` });
    this.credentials.add(creds);
    const renew = (expiresAt: number, issuedAt: number) => {
      const at = expiresAt - (expiresAt - issuedAt) * LEEWAY;
      creds.timer = this.opts.clock.setTimer(() => void refresh(), Math.max(0, at - this.opts.clock.now()));
    };
    const refresh = async () => {
      if (signal.aborted) return;
      try {
        const next = await this.requestToken(account, signal);
        creds.token = next.token;
        log.info('Renewed service account token', { serviceAccount: `${CREDENTIALS_NAMESPACE}/${account}` }, 4);
        renew(next.expiresAt, this.opts.clock.now());
      } catch (err) {
        if (signal.aborted) return;
        log.error('Unable to renew service account token; retrying', { serviceAccount: `${CREDENTIALS_NAMESPACE}/${account}`, err: (err as Error).message });
        creds.timer = this.opts.clock.setTimer(() => void refresh(), RETRY_MS);
      }
    };
    renew(first.expiresAt, this.opts.clock.now());
    signal.addEventListener('abort', () => this.release(creds), { once: true });
    log.info('Using service account credentials', { controller: controllerName, serviceAccount: `${CREDENTIALS_NAMESPACE}/${account}` }, 2);
    return creds.client;
  }

  /** Stops every renewal and closes the clients. */
  close(): void {
    for (const creds of [...this.credentials]) this.release(creds);
  }

  private release(creds: ControllerCredentials): void {
    creds.timer?.cancel();
    creds.client.close();
    this.credentials.delete(creds);
  }

  /** Gets or creates the account, then asks for a token; retried until it works or the signal aborts. */
  private async requestToken(account: string, signal: AbortSignal): Promise<{ token: string; expiresAt: number }> {
    for (;;) {
      try {
        await this.ensureAccount(account, signal);
        const answer = await this.opts.root.request<TokenRequest>({
          method: 'POST',
          path: `/api/v1/namespaces/${CREDENTIALS_NAMESPACE}/serviceaccounts/${encodeURIComponent(account)}/token`,
          body: { apiVersion: 'authentication.orch.io/v1', kind: 'TokenRequest', metadata: {}, spec: { expirationSeconds: this.opts.expirationSeconds ?? EXPIRATION_SECONDS } },
          signal,
        });
        if (!answer.status?.token) throw new Error('the TokenRequest answer has no token');
        const expiresAt = Date.parse(answer.status.expirationTimestamp);
        return { token: answer.status.token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.opts.clock.now() + EXPIRATION_SECONDS * 1000 };
      } catch (err) {
        if (signal.aborted) throw err;
        log.error('Unable to get a service account token; retrying', { serviceAccount: `${CREDENTIALS_NAMESPACE}/${account}`, err: (err as Error).message });
        await sleep(this.opts.clock, RETRY_MS, signal);
      }
    }
  }

  private async ensureAccount(account: string, signal: AbortSignal): Promise<void> {
    const accounts = new ResourceClient<ServiceAccount>(this.opts.root, SERVICE_ACCOUNTS, CREDENTIALS_NAMESPACE);
    try {
      await accounts.get(account, signal);
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await accounts.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: account, namespace: CREDENTIALS_NAMESPACE } }, signal);
      log.info('Created the service account of a controller', { serviceAccount: `${CREDENTIALS_NAMESPACE}/${account}` }, 2);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}

/**
 * Wraps controller implementations so each runs with its service account's client. Informers a
 * controller registers once its credentials arrive are started then (the shared start may have
 * passed already).
 */
export function withServiceAccountCredentials(implementations: Readonly<Record<string, ControllerRun>>, builder: ServiceAccountClientBuilder): Record<string, ControllerRun> {
  return Object.fromEntries(Object.entries(implementations).map(([name, run]): [string, ControllerRun] => [name, async (ctx) => {
    let client: RestClient;
    try {
      client = await builder.clientFor(name, ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) return;
      throw err;
    }
    const running = run({ ...ctx, client });
    if (!ctx.signal.aborted) ctx.informers?.start(ctx.signal);
    await running;
  }]));
}
