// The post-start hook that makes sure the system priority classes exist (system-node-critical and
// system-cluster-critical), as Kubernetes' scheduling/bootstrap-system-priority-classes does: a
// missing class is created, an existing one is left as it is. Writes skip admission, as the
// server's other bootstrap writes do; a server that does not serve priority classes has nothing
// to do. Until every class exists the hook tries again each second.
import { SCHEDULING_GROUP, SCHEDULING_VERSION, SYSTEM_PRIORITY_CLASSES, type PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { isAlreadyExists } from '../../../../machinery/status.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { InstalledResource, WriteOptions } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { existingClusterObject, reconcileRacing } from '../../bootstrap-reconcile.ts';
import { defaultPriorityClass } from './declaration.ts';

const log = klog('scheduling/bootstrap');
const RETRY_MS = 1000;
const WRITE: WriteOptions = { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'orch-apiserver' };

/** Creates each system class that does not exist yet; returns the names created. */
export async function ensureSystemPriorityClasses(res: InstalledResource<PriorityClass, PriorityClass>): Promise<string[]> {
  const created: string[] = [];
  for (const system of SYSTEM_PRIORITY_CLASSES) {
    const name = system.metadata.name!;
    await reconcileRacing(async () => {
      if (await existingClusterObject(res, name)) return;
      try {
        // Written as a decoded body would be: typed, with the defaults filled in.
        const body = { kind: 'PriorityClass', apiVersion: `${SCHEDULING_GROUP}/${SCHEDULING_VERSION}`, ...structuredClone(system) };
        await createObject(res, defaultPriorityClass(body), '', WRITE);
        created.push(name);
        log.info('Created PriorityClass', { name, value: system.value });
      } catch (err) {
        // Another server of the cluster created it first.
        if (!isAlreadyExists(err)) throw err;
      }
    });
  }
  return created;
}

/** `priorityClasses` finds the served resource once the server is composed (undefined when it is not served). */
export function systemPriorityClassesHook(priorityClasses: () => InstalledResource<PriorityClass, PriorityClass> | undefined): PostStartHook {
  return {
    name: 'scheduling/bootstrap-system-priority-classes',
    async run({ signal }) {
      const res = priorityClasses();
      if (!res) return;
      const target = { ...res, admission: undefined };
      for (;;) {
        try {
          await ensureSystemPriorityClasses(target);
          log.info('All system priority classes are created successfully or already exist', {}, 2);
          return;
        } catch (err) {
          if (signal.aborted) return;
          log.warning('Creating the system priority classes failed; retrying', { err: (err as Error).message });
          await new Promise((r) => setTimeout(r, RETRY_MS).unref());
        }
      }
    },
  };
}
