// Start-up (and periodic) maintenance of the bootstrap configuration, as Kubernetes' APF
// ensurer: missing objects are created; a mandatory object's spec is always put back; a suggested
// object's spec is put back only when its autoupdate annotation says "true" or, without the
// annotation, while it was never changed by a client (generation 1). Writes go through the generic
// store, so stored objects look like any client's.
import type { FlowSchema, PriorityLevelConfiguration } from '../../../../api/flowcontrol/v1/types.ts';
import { AUTOUPDATE_ANNOTATION } from '../../../../api/flowcontrol/v1/types.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { isAlreadyExists } from '../../../../machinery/status.ts';
import type { InstalledResource, WriteOptions } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { existingClusterObject, reconcileRacing, type BootstrapReconcileReport } from '../../bootstrap-reconcile.ts';
import { updateObject } from '../../generic/update.ts';
import { mandatoryFlowSchemas, mandatoryPriorityLevels, suggestedFlowSchemas, suggestedPriorityLevels } from './objects.ts';

const log = klog('flowcontrol/bootstrap');
const WRITE: WriteOptions = { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'api-priority-and-fairness-config-producer-v1' };

type Bootstrap = FlowSchema | PriorityLevelConfiguration;

export interface BootstrapTargets {
  flowSchemas: InstalledResource<FlowSchema, FlowSchema>;
  priorityLevels: InstalledResource<PriorityLevelConfiguration, PriorityLevelConfiguration>;
}

export type BootstrapReport = BootstrapReconcileReport;

/** Kubernetes' rule for suggested objects. */
export function shouldAutoUpdate(obj: Bootstrap): boolean {
  const value = obj.metadata.annotations?.[AUTOUPDATE_ANNOTATION];
  if (value !== undefined) return value.toLowerCase() === 'true' || value === '1' || value === 't' || value === 'T' || value === 'TRUE';
  return obj.metadata.generation === 1;
}

async function ensure<T extends Bootstrap>(res: InstalledResource<T, T>, wanted: T, mandatory: boolean, report: BootstrapReport): Promise<void> {
  const name = wanted.metadata.name!;
  const what = `${res.declaration.plural}/${name}`;
  const existing = await existingClusterObject<T>(res, name);
  if (!existing) {
    try {
      await createObject(res, structuredClone(wanted), '', WRITE);
      report.created.push(what);
    } catch (err) {
      // Another server of the cluster created it first.
      if (!isAlreadyExists(err)) throw err;
    }
    return;
  }
  if (!mandatory && !shouldAutoUpdate(existing)) return;
  const specSame = deepEqual(existing.spec, wanted.spec);
  const annotated = existing.metadata.annotations?.[AUTOUPDATE_ANNOTATION] !== undefined;
  if (specSame && annotated) return;
  const next = structuredClone(existing);
  next.spec = structuredClone(wanted.spec) as T['spec'];
  if (!annotated) next.metadata.annotations = { ...next.metadata.annotations, [AUTOUPDATE_ANNOTATION]: 'true' };
  await updateObject(res, name, '', next, WRITE);
  report.updated.push(what);
}

export async function reconcileBootstrapConfiguration(targets: BootstrapTargets): Promise<BootstrapReport> {
  const report: BootstrapReport = { created: [], updated: [] };
  for (const pl of mandatoryPriorityLevels()) await reconcileRacing(() => ensure(targets.priorityLevels, pl, true, report));
  for (const fs of mandatoryFlowSchemas()) await reconcileRacing(() => ensure(targets.flowSchemas, fs, true, report));
  for (const pl of suggestedPriorityLevels()) await reconcileRacing(() => ensure(targets.priorityLevels, pl, false, report));
  for (const fs of suggestedFlowSchemas()) await reconcileRacing(() => ensure(targets.flowSchemas, fs, false, report));
  if (report.created.length || report.updated.length) {
    log.info('Reconciled the priority and fairness bootstrap configuration', { created: report.created.length, updated: report.updated.length }, 2);
  }
  return report;
}
