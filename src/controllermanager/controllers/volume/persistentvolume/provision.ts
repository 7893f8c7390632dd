// Dynamic provisioning, as Kubernetes' binder does it. A claim's class names a provisioner: one of
// the controller manager's own plugins (orch.io/...) makes the volume here, named pvc-<claim uid>,
// pre-bound to the claim and annotated as provisioned by the plugin (with the orch.io/pv-controller
// finalizer under reclaim policy Delete, so its storage is freed before it goes); any other name
// is an external provisioner, which the claim is annotated for and waited on. The work runs as a
// named operation beside the sync loop; the volume it creates is bound by the next claim sync.
import { setTimeout as delay } from 'node:timers/promises';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import {
  ANN_BOUND_BY_CONTROLLER, ANN_DYNAMICALLY_PROVISIONED, ANN_SELECTED_NODE, PV_CONTROLLER_FINALIZER,
} from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { isAlreadyExists, isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { BinderContext } from './binder-context.ts';
import { setClaimProvisioner } from './binder-writes.ts';
import { claimClass, claimKey, claimReference } from './volume-helpers.ts';
import { IN_TREE_PREFIX, type VolumePlugin } from './volume-plugins.ts';

const log = klog('controllermanager/persistentvolume');

export const provisionedVolumeName = (claim: PersistentVolumeClaim) => `pvc-${claim.metadata.uid}`;

/** Go's fmt of a []string: `[a b]`. */
const goList = (items: readonly string[]) => `[${items.join(' ')}]`;

function warn(ctx: BinderContext, claim: PersistentVolumeClaim, note: string): void {
  ctx.recorder.eventf(claim, undefined, 'Warning', 'ProvisioningFailed', 'Provisioning', note);
}

/** The class and, for an in-tree provisioner, its plugin (undefined plugin: external). */
function findProvisionablePlugin(ctx: BinderContext, claim: PersistentVolumeClaim): { storageClass: StorageClass; plugin?: VolumePlugin } {
  const name = claimClass(claim);
  const storageClass = ctx.listers.storageClass(name);
  if (!storageClass) throw new Error(`storageclass.storage.orch.io "${name}" not found`);
  if (!storageClass.provisioner.startsWith(IN_TREE_PREFIX)) return { storageClass };
  const plugin = ctx.plugins.find((p) => p.name === storageClass.provisioner && p.provision);
  if (!plugin) throw new Error('no provisionable volume plugin matched');
  return { storageClass, plugin };
}

/** Starts provisioning for the claim unless it is disabled, running or backing off. */
export function provisionClaim(ctx: BinderContext, claim: PersistentVolumeClaim): void {
  if (!ctx.enableDynamicProvisioning) return;
  let found;
  try {
    found = findProvisionablePlugin(ctx, claim);
  } catch (err) {
    // Retried by every sync of the claim.
    warn(ctx, claim, (err as Error).message);
    log.error('Error finding provisioning plugin for claim', { PVC: claimKey(claim), err: (err as Error).message });
    return;
  }
  const { storageClass, plugin } = found;
  ctx.operations.run(`provision-${claimKey(claim)}[${claim.metadata.uid}]`, () =>
    plugin ? provisionClaimOperation(ctx, claim, plugin, storageClass) : provisionClaimOperationExternal(ctx, claim, storageClass));
}

/** Drops the selected node so the scheduler chooses again after a failed provisioning. */
async function rescheduleProvisioning(ctx: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  if (claim.metadata.annotations?.[ANN_SELECTED_NODE] === undefined) return;
  const annotations = { ...claim.metadata.annotations };
  delete annotations[ANN_SELECTED_NODE];
  try {
    ctx.claims.store(await ctx.client.updateClaim({ ...claim, metadata: { ...claim.metadata, annotations } }));
  } catch (err) {
    log.info('Failed to delete the selected-node annotation of the claim', { PVC: claimKey(claim), err: (err as Error).message }, 4);
  }
}

async function provisionClaimOperation(ctx: BinderContext, original: PersistentVolumeClaim, plugin: VolumePlugin, storageClass: StorageClass): Promise<void> {
  if (original.spec?.dataSource) {
    const note = `plugin "${plugin.name}" is not a CSI plugin. Only CSI plugin can provision a claim with a datasource`;
    warn(ctx, original, note);
    throw new Error(note);
  }
  const claim = await setClaimProvisioner(ctx, original, storageClass.provisioner);
  const pvName = provisionedVolumeName(claim);
  try {
    await ctx.client.getVolume(pvName);
    log.info('Volume already exists, skipping', { PVC: claimKey(claim), volumeName: pvName }, 4);
    return;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  const mountOptions = storageClass.mountOptions ?? [];
  if (!plugin.supportsMountOptions && mountOptions.length > 0) {
    warn(ctx, claim, `Mount options are not supported by the provisioner but StorageClass "${storageClass.metadata.name}" has mount options ${goList(mountOptions)}`);
    throw new Error(`provisioner "${plugin.name}" doesn't support mount options`);
  }
  const nodeName = claim.metadata.annotations?.[ANN_SELECTED_NODE];
  const selectedNode = nodeName !== undefined ? ctx.listers.node(nodeName) : undefined;
  if (nodeName !== undefined && !selectedNode) {
    warn(ctx, claim, `Failed to get target node: node "${nodeName}" not found`);
    throw new Error(`node "${nodeName}" not found`);
  }
  let volume: PersistentVolume;
  try {
    volume = plugin.provision!({ pvName, claim, storageClass, selectedNode });
  } catch (err) {
    await rescheduleProvisioning(ctx, claim);
    warn(ctx, claim, `Failed to provision volume with StorageClass "${storageClass.metadata.name}": ${(err as Error).message}`);
    throw err;
  }
  const reclaimPolicy = volume.spec?.persistentVolumeReclaimPolicy;
  volume = {
    ...volume,
    metadata: {
      ...volume.metadata,
      name: volume.metadata.name || pvName,
      annotations: { ...volume.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes', [ANN_DYNAMICALLY_PROVISIONED]: plugin.name },
      ...(reclaimPolicy === 'Delete' ? { finalizers: [PV_CONTROLLER_FINALIZER] } : {}),
    },
    spec: { ...volume.spec, claimRef: claimReference(claim), storageClassName: claimClass(claim), ...(mountOptions.length ? { mountOptions } : {}) },
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < ctx.createRetries.count; attempt++) {
    try {
      ctx.volumes.store(await ctx.client.createVolume(volume));
      lastError = undefined;
      break;
    } catch (err) {
      if (isAlreadyExists(err)) {
        lastError = undefined;
        break;
      }
      lastError = err;
      log.info('Failed to save volume for claim', { PVC: claimKey(claim), volumeName: pvName, err: (err as Error).message }, 3);
      await delay(ctx.createRetries.intervalMs);
    }
  }
  if (lastError) {
    warn(ctx, claim, `Error creating provisioned PV object for claim ${claimKey(claim)}: ${(lastError as Error).message}. Deleting the volume.`);
    try {
      await plugin.delete?.(volume);
    } catch (err) {
      ctx.recorder.eventf(claim, undefined, 'Warning', 'ProvisioningCleanupFailed', 'Provisioning', `Error cleaning provisioned volume for claim ${claimKey(claim)}: ${(err as Error).message}. Please delete manually.`);
    }
    return;
  }
  log.info('Volume provisioned for claim', { PVC: claimKey(claim), volumeName: pvName }, 2);
  ctx.recorder.eventf(claim, undefined, 'Normal', 'ProvisioningSucceeded', 'Provisioning', `Successfully provisioned volume ${pvName} using ${plugin.name}`);
}

async function provisionClaimOperationExternal(ctx: BinderContext, claim: PersistentVolumeClaim, storageClass: StorageClass): Promise<void> {
  const provisioner = storageClass.provisioner;
  let annotated: PersistentVolumeClaim;
  try {
    annotated = await setClaimProvisioner(ctx, claim, provisioner);
  } catch (err) {
    warn(ctx, claim, `Error saving claim: ${(err as Error).message}`);
    throw err;
  }
  ctx.recorder.eventf(annotated, undefined, 'Normal', 'ExternalProvisioning', 'Provisioning',
    `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`);
}
