// The local APIServices, kept as Kubernetes' autoregistration and CRD registration controllers
// keep them: one per group-version this server serves itself, named <version>.<group> ("v1." for
// the core group), with the built-in priorities (priorities.ts) and the label
// kube-aggregator.orch.io/automanaged: `onstart` for the built-in group-versions, written at start,
// and `true` for the versions of CustomResourceDefinitions, written and deleted as they come and
// go. An APIService of the same name without the label is someone else's and is left alone; one
// labelled onstart that this server no longer serves is deleted at start, one labelled true once
// its version is no longer served. Writes go straight to the store (no admission), as the server's
// other bootstrap writes.
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { APIREGISTRATION_GROUP, APIREGISTRATION_VERSION, AUTOMANAGED_LABEL, AUTOMANAGED_ON_START, AUTOMANAGED_TRUE } from '../../api/apiregistration/v1/types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { isNotFound } from '../../machinery/status.ts';
import { isStorageError } from '../../storage/interface.ts';
import type { StoreView } from '../registry/admissionregistration/store-view.ts';
import { existingClusterObject, reconcileRacing } from '../registry/bootstrap-reconcile.ts';
import type { InstalledResource, WriteOptions } from '../registry/generic/context.ts';
import { createObject } from '../registry/generic/create.ts';
import { objectKey } from '../registry/generic/keys.ts';
import { localAvailableCondition } from '../registry/apiregistration/apiservices/strategy.ts';
import { builtInPriority, CUSTOM_RESOURCE_PRIORITY, type ApiPriority } from './priorities.ts';

const log = klog('aggregator/autoregister');
const WRITE: WriteOptions = { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'orch-apiserver' };
const RETRY_MS = 1000;

export interface GroupVersion {
  group: string;
  version: string;
}

export interface AutoRegisterDeps {
  apiServices: InstalledResource<APIService, APIService>;
  view: StoreView<APIService>;
  /** The built-in group-versions served (fixed once the server is composed). */
  builtIn: () => readonly GroupVersion[];
  /** The group-versions of CustomResourceDefinitions served now. */
  customResources: () => readonly GroupVersion[];
}

interface Wanted {
  gv: GroupVersion;
  priority: ApiPriority;
  label: string;
}

const nameOf = (gv: GroupVersion) => `${gv.version}.${gv.group}`;

function localAPIService(w: Wanted): APIService {
  return {
    apiVersion: `${APIREGISTRATION_GROUP}/${APIREGISTRATION_VERSION}`,
    kind: 'APIService',
    metadata: { name: nameOf(w.gv), labels: { [AUTOMANAGED_LABEL]: w.label } },
    spec: { service: null, group: w.gv.group, version: w.gv.version, groupPriorityMinimum: w.priority.group, versionPriority: w.priority.version },
  };
}

function specDiffers(api: APIService, w: Wanted): boolean {
  const s = api.spec;
  return Boolean(s.service) || s.group !== w.gv.group || s.version !== w.gv.version || s.groupPriorityMinimum !== w.priority.group || s.versionPriority !== w.priority.version || api.metadata.labels?.[AUTOMANAGED_LABEL] !== w.label;
}

export interface AutoRegistration {
  /** Reconciles now (and again after each change of what is served). */
  sync(): Promise<void>;
  stop(): void;
}

export function autoRegistration(deps: AutoRegisterDeps): AutoRegistration {
  const res = { ...deps.apiServices, admission: undefined };
  let firstPass = true;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function wanted(): Map<string, Wanted> {
    const out = new Map<string, Wanted>();
    for (const gv of deps.builtIn()) out.set(nameOf(gv), { gv, priority: builtInPriority(gv.group, gv.version), label: AUTOMANAGED_ON_START });
    for (const gv of deps.customResources()) if (!out.has(nameOf(gv))) out.set(nameOf(gv), { gv, priority: CUSTOM_RESOURCE_PRIORITY, label: AUTOMANAGED_TRUE });
    return out;
  }

  async function ensure(w: Wanted): Promise<void> {
    await reconcileRacing(async () => {
      const existing = await existingClusterObject<APIService>(res, nameOf(w.gv));
      if (!existing) {
        await createObject(res, localAPIService(w), '', WRITE);
        log.info('Registered a local APIService', { name: nameOf(w.gv) }, 2);
        return;
      }
      // Someone else's APIService of this name wins.
      if (!existing.metadata.labels?.[AUTOMANAGED_LABEL] || !specDiffers(existing, w)) return;
      await res.store.guaranteedUpdate(objectKey(res.declaration, '', nameOf(w.gv)), {
        tryUpdate: (current) => {
          if (!current) throw new Gone();
          const next = structuredClone(current) as APIService;
          const desired = localAPIService(w);
          next.metadata.labels = { ...next.metadata.labels, ...desired.metadata.labels };
          next.spec = desired.spec;
          next.status = { conditions: [localAvailableCondition()] };
          return { object: next };
        },
      });
    });
  }

  async function remove(name: string): Promise<void> {
    try {
      await res.store.delete(objectKey(res.declaration, '', name));
      log.info('Removed a local APIService no longer served', { name }, 2);
    } catch (err) {
      if (!isStorageError(err, 'NotFound') && !isNotFound(err)) throw err;
    }
  }

  async function reconcile(): Promise<void> {
    const want = wanted();
    for (const w of want.values()) await ensure(w);
    for (const api of deps.view.list()) {
      const name = api.metadata.name ?? '';
      const label = api.metadata.labels?.[AUTOMANAGED_LABEL];
      if (want.has(name) || api.spec.service) continue;
      if (label === AUTOMANAGED_TRUE || (label === AUTOMANAGED_ON_START && firstPass)) await remove(name);
    }
    firstPass = false;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await reconcile();
      } catch (err) {
        if (stopped) return;
        log.error('Registering local APIServices failed; retrying', { err: (err as Error).message });
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
        again = true;
      }
    } while (again && !stopped);
  }

  return {
    sync() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => (running = undefined));
      return running;
    },
    stop() {
      stopped = true;
    },
  };
}

class Gone extends Error {}
