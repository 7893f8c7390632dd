// The start-orch-service-cidr-controller post-start hook, Kubernetes' default ServiceCIDR
// controller: the ServiceCIDR "orch" (Kubernetes' "kubernetes") holds the ranges of
// --service-cluster-ip-range. It is created when missing; a single-stack one gains the secondary
// range when the flag now names two with the same primary; and it is marked Ready (a server-side
// apply of its status, as that controller writes it) when its ranges are this server's and no
// Ready condition says otherwise. Ranges that differ from the flag are reported once and left as
// they are. The hook finishes once the object exists (so /readyz means it does), then checks
// again every ten seconds. Writes bypass admission, as the server's own writes do.
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { isAlreadyExists, isNotFound } from '../../../../machinery/status.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { decodeObject } from '../../generic/decode.ts';
import { getObject } from '../../generic/get.ts';
import { patchObject } from '../../generic/patch.ts';
import { updateObject } from '../../generic/update.ts';

const log = klog('registry/networking/default-servicecidr');

export const DEFAULT_SERVICE_CIDR_NAME = 'orch';
/** Kubernetes' kubernetes-service-cidr-controller, the field manager of the Ready condition. */
export const DEFAULT_SERVICE_CIDR_MANAGER = 'orch-service-cidr-controller';
export const READY_MESSAGE = 'orch default Service CIDR is ready';
/** Kubernetes' interval, the same as the orch service's endpoints. */
const INTERVAL_MS = 10_000;
const FIRST_SYNC_RETRY_MS = 100;

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: DEFAULT_SERVICE_CIDR_MANAGER };

export interface DefaultServiceCIDROptions {
  /** The ranges of --service-cluster-ip-range, primary first, in canonical form. */
  cidrs: readonly string[];
  serviceCIDRs: () => InstalledResource<ServiceCIDR, ServiceCIDR>;
  /** The /status subresource of the same resource. */
  status: () => InstalledResource<ServiceCIDR, ServiceCIDR>;
  intervalMs?: number;
}

export interface DefaultServiceCIDRController extends PostStartHook {
  /** Settles once the ServiceCIDR has been found or created. */
  ready: Promise<void>;
}

export function defaultServiceCIDRController(opts: DefaultServiceCIDROptions): DefaultServiceCIDRController {
  const cidrs = [...opts.cidrs];
  let reportedMismatch = false;
  let reportedNotReady = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function current(): Promise<ServiceCIDR | undefined> {
    try {
      return await getObject(opts.serviceCIDRs(), DEFAULT_SERVICE_CIDR_NAME, '');
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async function markReadyCondition(): Promise<void> {
    const apply = {
      apiVersion: 'networking.orch.io/v1',
      kind: 'ServiceCIDR',
      metadata: { name: DEFAULT_SERVICE_CIDR_NAME },
      status: { conditions: [{ type: 'Ready', status: 'True', message: READY_MESSAGE, lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z') }] },
    };
    try {
      await patchObject(opts.status(), DEFAULT_SERVICE_CIDR_NAME, '', 'apply', apply, { ...WRITE, force: true });
      log.info('Set the default ServiceCIDR condition Ready to True', {}, 2);
    } catch (err) {
      log.error('Unable to set the default ServiceCIDR Ready', { err: String((err as Error)?.message ?? err) });
    }
  }

  async function syncStatus(sc: ServiceCIDR): Promise<void> {
    if (sc.metadata.deletionTimestamp) return;
    if (!deepEqual(sc.spec?.cidrs ?? [], cidrs)) {
      if (!reportedMismatch) {
        log.info('The default ServiceCIDR does not match --service-cluster-ip-range; set the flag to its ranges or delete it', { serviceCIDR: sc.spec?.cidrs ?? [], flag: cidrs });
        reportedMismatch = true;
      }
      return;
    }
    const readyCondition = sc.status?.conditions?.find((c) => c.type === 'Ready');
    if (readyCondition?.status === 'False') {
      if (!reportedNotReady) log.info('The default ServiceCIDR is not Ready though it matches this server', { reason: readyCondition.reason, message: readyCondition.message });
      reportedNotReady = true;
      return;
    }
    if (readyCondition?.status === 'True') return;
    await markReadyCondition();
  }

  async function sync(): Promise<void> {
    const existing = await current();
    if (existing) {
      const have = existing.spec?.cidrs ?? [];
      if (cidrs.length === 2 && have.length === 1 && cidrs[0] === have[0]) {
        log.info('Updating the default ServiceCIDR to dual-stack', { from: have, to: cidrs });
        try {
          await updateObject(opts.serviceCIDRs(), DEFAULT_SERVICE_CIDR_NAME, '', { ...existing, spec: { ...existing.spec, cidrs } }, WRITE);
        } catch (err) {
          log.error('The default ServiceCIDR cannot be made dual-stack', { err: String((err as Error)?.message ?? err) });
        }
        return;
      }
      return syncStatus(existing);
    }
    log.info('Creating the default ServiceCIDR', { cidrs });
    let created: ServiceCIDR | undefined;
    try {
      const res = opts.serviceCIDRs();
      // Decoded as a client's body is, so that it is stored in Go's encoding.
      const { obj } = decodeObject(res.declaration, { apiVersion: 'networking.orch.io/v1', kind: 'ServiceCIDR', metadata: { name: DEFAULT_SERVICE_CIDR_NAME }, spec: { cidrs } });
      created = (await createObject(res, obj, '', WRITE)).object;
    } catch (err) {
      // Another API server created it meanwhile.
      if (!isAlreadyExists(err)) throw err;
      created = await current();
    }
    if (created) await syncStatus(created);
  }

  return {
    name: 'start-orch-service-cidr-controller',
    ready,
    async run({ signal }) {
      while (!signal.aborted) {
        try {
          await sync();
          break;
        } catch (err) {
          log.info('Unable to initialize the default ServiceCIDR; retrying', { err: String((err as Error)?.message ?? err) }, 2);
          await new Promise((resolve) => setTimeout(resolve, FIRST_SYNC_RETRY_MS).unref());
        }
      }
      markReady();
      const timer = setInterval(() => {
        sync().catch((err: unknown) => log.info('Unable to sync the default ServiceCIDR', { err: String((err as Error)?.message ?? err) }, 2));
      }, opts.intervalMs ?? INTERVAL_MS);
      timer.unref();
      signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    },
  };
}
