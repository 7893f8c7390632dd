// The certificatesigningrequest-cleaner controller, as Kubernetes 1.35 runs it: once an hour (and
// at start) every CertificateSigningRequest in the cache is looked at, and deleted when it was
// approved and issued more than an hour ago, denied or failed more than an hour ago (by the
// condition's lastUpdateTime), still pending (no condition at all) a day after its creation, or
// holds a certificate that has expired. One worker.
import { X509Certificate } from 'node:crypto';
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { pemBlocks } from '../../../component-base/certs/pem-blocks.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { issuedCertificate } from './csr-conditions.ts';
import { CSRS } from './csr-controller.ts';

const log = klog('controllermanager/csrcleaner');

export const CONTROLLER_NAME = 'certificatesigningrequest-cleaner-controller';
const HOUR_MS = 3600_000;
export const POLLING_INTERVAL_MS = HOUR_MS;
export const APPROVED_EXPIRATION_MS = HOUR_MS;
export const DENIED_EXPIRATION_MS = HOUR_MS;
export const PENDING_EXPIRATION_MS = 24 * HOUR_MS;

/** A set time more than `ageMs` before now (an unset time never is). */
function olderThan(time: string | null | undefined, ageMs: number, nowMs: number): boolean {
  const at = timeToDate(time);
  return at !== undefined && at.getTime() > 0 && nowMs - at.getTime() > ageMs;
}

/** The first certificate's end has passed; an unreadable one counts as not expired. */
function certificateExpired(csr: CertificateSigningRequest, nowMs: number): boolean {
  const block = pemBlocks(issuedCertificate(csr))[0];
  if (!block) return false;
  try {
    return nowMs > Date.parse(new X509Certificate(block.der).validTo);
  } catch {
    return false;
  }
}

/** Why the cleaner deletes the request, as it logs it; undefined to keep it. */
export function cleanupReason(csr: CertificateSigningRequest, nowMs: number): string | undefined {
  const conditions = csr.status?.conditions ?? [];
  const issued = Boolean(csr.status?.certificate);
  for (const c of conditions) {
    if (c.type === 'Approved' && issued && olderThan(c.lastUpdateTime, APPROVED_EXPIRATION_MS, nowMs)) return 'Cleaning CSR as it is more than 1h0m0s old and approved.';
  }
  for (const c of conditions) {
    if (c.type === 'Denied' && olderThan(c.lastUpdateTime, DENIED_EXPIRATION_MS, nowMs)) return 'Cleaning CSR as it is more than 1h0m0s old and denied.';
  }
  for (const c of conditions) {
    if (c.type === 'Failed' && olderThan(c.lastUpdateTime, DENIED_EXPIRATION_MS, nowMs)) return 'Cleaning CSR as it is more than 1h0m0s old and failed.';
  }
  if (conditions.length === 0 && olderThan(csr.metadata.creationTimestamp, PENDING_EXPIRATION_MS, nowMs)) return 'Cleaning CSR as it is more than 24h0m0s old and unhandled.';
  if (issued && conditions.some((c) => c.type === 'Approved') && certificateExpired(csr, nowMs)) return 'Cleaning CSR as the associated certificate is expired.';
  return undefined;
}

export interface CSRCleanerOptions {
  clock?: Clock;
  pollingIntervalMs?: number;
}

export function csrCleanerController(opts: CSRCleanerOptions = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the certificatesigningrequest-cleaner controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const csrs = ctx.informers.informerFor<CertificateSigningRequest>(CSRS);
    log.info('Starting CSR cleaner controller');
    await waitForSync(ctx.signal, csrs);
    while (!ctx.signal.aborted) {
      for (const csr of csrs.indexer.list()) {
        const reason = cleanupReason(csr, clock.now());
        if (!reason) continue;
        log.info(reason, { csr: csr.metadata.name });
        try {
          await client.request({ method: 'DELETE', path: `${collectionPath(CSRS)}/${encodeURIComponent(csr.metadata.name ?? '')}`, signal: ctx.signal });
        } catch (err) {
          if (!ctx.signal.aborted) log.error('Error while attempting to clean CSR', { csr: csr.metadata.name, err: `unable to delete CSR ${JSON.stringify(csr.metadata.name)}: ${(err as Error).message}` });
        }
      }
      await sleep(clock, opts.pollingIntervalMs ?? POLLING_INTERVAL_MS, ctx.signal).catch(() => undefined);
    }
    log.info('Shutting down CSR cleaner controller');
  };
}
