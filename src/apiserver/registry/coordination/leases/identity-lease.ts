// The API server's identity lease (gate APIServerIdentity): orch-system/apiserver-<hash of the
// host name>, labelled apiserver.orch.io/identity=orch-apiserver, renewed every 10 seconds.
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Lease } from '../../../../api/coordination/v1/types.ts';
import { nowMicroTime } from '../../../../api/meta/v1/time.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { getObject } from '../../generic/get.ts';
import { updateObject } from '../../generic/update.ts';

const log = klog('registry/leases');

export const IDENTITY_LEASE_NAMESPACE = 'orch-system';
export const IDENTITY_LABEL = 'apiserver.orch.io/identity';
export const IDENTITY_LABEL_VALUE = 'orch-apiserver';
export const HOSTNAME_LABEL = 'orch.io/hostname';
/** Kubernetes' IdentityLeaseDurationSeconds and IdentityLeaseRenewIntervalPeriod. */
export const IDENTITY_LEASE_DURATION_SECONDS = 3600;
export const IDENTITY_LEASE_RENEW_INTERVAL_MS = 10_000;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** apiserver-<base32 of the first 16 bytes of sha256(host name)>, stable across restarts. */
export function apiserverIdentity(host: string = hostname()): string {
  const hash = createHash('sha256').update(host).digest();
  return `apiserver-${base32(hash.subarray(0, 16)).toLowerCase()}`;
}

export interface IdentityLeaseOptions {
  leases: () => InstalledResource<Lease, Lease>;
  /** Waited for before the first write (orch-system must exist). */
  after?: Promise<void>;
  renewIntervalMs?: number;
  host?: string;
}

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

export function identityLeaseHook(opts: IdentityLeaseOptions): PostStartHook & { leaseName: string; holderIdentity: string } {
  const host = opts.host ?? hostname();
  const leaseName = apiserverIdentity(host);
  const holderIdentity = `${leaseName}_${randomUUID()}`;
  const interval = opts.renewIntervalMs ?? IDENTITY_LEASE_RENEW_INTERVAL_MS;

  async function renew(): Promise<void> {
    const res = opts.leases();
    const spec = { holderIdentity, leaseDurationSeconds: IDENTITY_LEASE_DURATION_SECONDS, renewTime: nowMicroTime() };
    const labels = { [IDENTITY_LABEL]: IDENTITY_LABEL_VALUE, [HOSTNAME_LABEL]: host };
    let current: Lease | undefined;
    try {
      current = await getObject(res, leaseName, IDENTITY_LEASE_NAMESPACE);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!current) {
      const lease: Lease = { apiVersion: 'coordination.orch.io/v1', kind: 'Lease', metadata: { name: leaseName, namespace: IDENTITY_LEASE_NAMESPACE, labels }, spec };
      await createObject(res, lease, IDENTITY_LEASE_NAMESPACE, WRITE);
      return;
    }
    current.metadata.labels = { ...current.metadata.labels, ...labels };
    current.spec = { ...current.spec, ...spec };
    await updateObject(res, leaseName, IDENTITY_LEASE_NAMESPACE, current, WRITE);
  }

  return {
    name: 'start-orch-apiserver-identity-lease-controller',
    leaseName,
    holderIdentity,
    // Starts the renewals and returns, as Kubernetes' hook does: /readyz does not wait for the
    // first write, whose managed fields build the Lease's schema (~20 ms of each start).
    async run({ signal }) {
      const tick = () =>
        renew().catch((err: unknown) => log.error('Failed to renew the API server identity lease', { lease: leaseName, err: String((err as Error)?.message ?? err) }));
      const timer = setInterval(tick, interval);
      timer.unref();
      signal.addEventListener('abort', () => clearInterval(timer), { once: true });
      void (opts.after ?? Promise.resolve()).then(() => (signal.aborted ? undefined : tick()));
    },
  };
}
