// Volume binding, as Kubernetes' VolumeBinding plugin does it. Before the nodes: every claim the
// pod mounts must exist and not be going away, and a pod with an unbound claim of an Immediate
// class waits for the binder. On each node: a bound claim's volume must exist and its node
// affinity admit the node; an unbound claim of a WaitForFirstConsumer class needs an Available
// volume that serves it there, or a class that can provision there (a provisioner, and allowed
// topologies that admit the node). Once a node is chosen, before the pod is bound: the chosen
// volumes are promised to their claims (claimRef, bound by controller) and the claims to provision
// are annotated with the node (volume.orch.io/selected-node), and the pod waits until the binder
// has bound them all.
import { setTimeout as delay } from 'node:timers/promises';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../api/core/v1/volume-types.ts';
import { ANN_BOUND_BY_CONTROLLER, ANN_SELECTED_NODE } from '../api/core/v1/well-known-volume-annotations.ts';
import type { OwnerReference } from '../api/meta/v1/types.ts';
import type { RestClient } from '../client/rest/client.ts';
import { allowedTopologiesMatch, claimClassName, NO_PROVISIONER, smallestServingVolume, volumeNodeAffinityMatches } from '../machinery/scheduling/volume-match.ts';
import type { Listers } from './listers.ts';
import { unresolvable, type FilterStatus } from './filters.ts';
import type { NodeInfo } from './node-info.ts';

export const UNBOUND_IMMEDIATE_MESSAGE = 'pod has unbound immediate PersistentVolumeClaims';
export const NODE_CONFLICT_REASON = 'node(s) had volume node affinity conflict';
export const BIND_CONFLICT_REASON = "node(s) didn't find available persistent volumes to bind";
export const PV_NOT_EXIST_REASON = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

/** What binding the pod's volumes on one node takes. */
export interface VolumeBindings {
  /** Unbound volumes to promise to claims. */
  promised: Array<{ claim: PersistentVolumeClaim; volume: PersistentVolume }>;
  /** Claims to provision on the node. */
  provision: PersistentVolumeClaim[];
}

/** The claims the pod's volumes name (a generic ephemeral volume's claim is <pod>-<volume>). */
function claimNames(pod: Pod): Array<{ name: string; ephemeral: boolean }> {
  const out: Array<{ name: string; ephemeral: boolean }> = [];
  for (const volume of pod.spec?.volumes ?? []) {
    if (volume.persistentVolumeClaim) out.push({ name: volume.persistentVolumeClaim.claimName, ephemeral: false });
    else if (volume.ephemeral) out.push({ name: `${pod.metadata.name}-${volume.name}`, ephemeral: true });
  }
  return out;
}

export type VolumePreFilter = { kind: 'rejected'; message: string } | { kind: 'ok'; state: VolumeState | undefined };

export function preFilterVolumes(pod: Pod, listers: Listers): VolumePreFilter {
  const names = claimNames(pod);
  if (names.length === 0) return { kind: 'ok', state: undefined };
  const namespace = pod.metadata.namespace ?? '';
  const bound: PersistentVolumeClaim[] = [];
  const delayed: PersistentVolumeClaim[] = [];
  let immediate = false;
  for (const { name, ephemeral } of names) {
    const claim = listers.claim(namespace, name);
    if (!claim) {
      return { kind: 'rejected', message: ephemeral ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${name}"` : `persistentvolumeclaim "${name}" not found` };
    }
    if (ephemeral && !(claim.metadata.ownerReferences as OwnerReference[] | undefined)?.some((r) => r.controller && r.uid === pod.metadata.uid)) {
      return { kind: 'rejected', message: `PVC ${namespace}/${name} was not created for pod ${namespace}/${pod.metadata.name} (pod is not owner)` };
    }
    if (claim.metadata.deletionTimestamp) return { kind: 'rejected', message: `persistentvolumeclaim "${name}" is being deleted` };
    if (claim.spec?.volumeName) {
      bound.push(claim);
      continue;
    }
    const storageClass = listers.storageClass(claimClassName(claim));
    if (storageClass?.volumeBindingMode === 'WaitForFirstConsumer') delayed.push(claim);
    else immediate = true;
  }
  if (immediate) return { kind: 'rejected', message: UNBOUND_IMMEDIATE_MESSAGE };
  return { kind: 'ok', state: new VolumeState(listers, bound, delayed) };
}

export class VolumeState {
  private readonly listers: Listers;
  private readonly bound: PersistentVolumeClaim[];
  private readonly delayed: PersistentVolumeClaim[];
  /** What each node that passed would take. */
  private readonly plans = new Map<string, VolumeBindings>();

  constructor(listers: Listers, bound: PersistentVolumeClaim[], delayed: PersistentVolumeClaim[]) {
    this.listers = listers;
    this.bound = bound;
    this.delayed = delayed;
  }

  filter(info: NodeInfo): FilterStatus | undefined {
    const reasons: string[] = [];
    for (const claim of this.bound) {
      const volume = this.listers.volume(claim.spec!.volumeName!);
      if (!volume) return unresolvable(PV_NOT_EXIST_REASON);
      if (!volumeNodeAffinityMatches(volume, info.node)) {
        reasons.push(NODE_CONFLICT_REASON);
        break;
      }
    }
    const plan: VolumeBindings = { promised: [], provision: [] };
    const taken = new Set<string>();
    const volumes = this.delayed.length ? this.listers.volumes() : [];
    for (const claim of this.delayed) {
      const volume = smallestServingVolume(claim, volumes, info.node, taken);
      if (volume) {
        taken.add(volume.metadata.name ?? '');
        plan.promised.push({ claim, volume });
        continue;
      }
      const storageClass = this.listers.storageClass(claimClassName(claim));
      if (!storageClass || !storageClass.provisioner || storageClass.provisioner === NO_PROVISIONER || !allowedTopologiesMatch(storageClass, info.node)) {
        reasons.push(BIND_CONFLICT_REASON);
        break;
      }
      plan.provision.push(claim);
    }
    if (reasons.length) return unresolvable(...reasons);
    this.plans.set(info.name, plan);
    return undefined;
  }

  /** What binding on the node takes; nothing when every claim is bound already. */
  bindingsFor(nodeName: string): VolumeBindings | undefined {
    const plan = this.plans.get(nodeName);
    return plan && (plan.promised.length || plan.provision.length) ? plan : undefined;
  }
}

const claimPath = (c: PersistentVolumeClaim) => `/api/v1/namespaces/${encodeURIComponent(c.metadata.namespace ?? '')}/persistentvolumeclaims/${encodeURIComponent(c.metadata.name ?? '')}`;

export interface VolumeBinderOptions {
  /** How long to wait for the binder (Kubernetes' bindTimeoutSeconds, 600 s). */
  timeoutMs: number;
  pollMs: number;
}

/** Writes the bindings for the node, then waits until every claim of the plan is bound. */
export async function bindPodVolumes(client: RestClient, listers: Listers, plan: VolumeBindings, nodeName: string, opts: VolumeBinderOptions, signal?: AbortSignal): Promise<void> {
  for (const { claim, volume } of plan.promised) {
    const claimRef = { kind: 'PersistentVolumeClaim', namespace: claim.metadata.namespace, name: claim.metadata.name, uid: claim.metadata.uid, apiVersion: 'v1', resourceVersion: claim.metadata.resourceVersion };
    await client.request({
      method: 'PATCH',
      path: `/api/v1/persistentvolumes/${encodeURIComponent(volume.metadata.name ?? '')}`,
      body: { metadata: { resourceVersion: volume.metadata.resourceVersion, annotations: { [ANN_BOUND_BY_CONTROLLER]: 'yes' } }, spec: { claimRef } },
      patchType: 'application/merge-patch+json',
      signal,
    });
  }
  for (const claim of plan.provision) {
    await client.request({
      method: 'PATCH',
      path: claimPath(claim),
      body: { metadata: { resourceVersion: claim.metadata.resourceVersion, annotations: { [ANN_SELECTED_NODE]: nodeName } } },
      patchType: 'application/merge-patch+json',
      signal,
    });
  }
  const deadline = Date.now() + opts.timeoutMs;
  const claims = [...plan.promised.map((p) => p.claim), ...plan.provision];
  for (;;) {
    if (claims.every((c) => claimBound(listers, c, plan, nodeName))) return;
    if (Date.now() >= deadline) throw new Error(`binding volumes: context deadline exceeded`);
    await delay(opts.pollMs, undefined, { signal });
  }
}

/** Whether the binder has bound the claim; throws when the plan for it no longer holds. */
function claimBound(listers: Listers, original: PersistentVolumeClaim, plan: VolumeBindings, nodeName: string): boolean {
  const name = original.metadata.name ?? '';
  const claim = listers.claim(original.metadata.namespace ?? '', name);
  if (!claim || claim.metadata.uid !== original.metadata.uid) throw new Error(`failed to get cached claim "${name}"`);
  const volumeName = claim.spec?.volumeName;
  if (volumeName) {
    const volume = listers.volume(volumeName);
    if (!volume) return false;
    return volume.spec?.claimRef?.uid === claim.metadata.uid && claim.status?.phase === 'Bound';
  }
  if (plan.provision.includes(original)) {
    const selected = claim.metadata.annotations?.[ANN_SELECTED_NODE];
    // The binder takes the annotation away when provisioning failed: choose again.
    if (selected !== undefined && selected !== nodeName) throw new Error(`selectedNode annotation value "${selected}" not set to scheduled node "${nodeName}"`);
    if (selected === undefined && listers.claim(claim.metadata.namespace ?? '', name)?.metadata.resourceVersion !== original.metadata.resourceVersion) {
      throw new Error(`selectedNode annotation reset for PVC "${name}"`);
    }
  }
  return false;
}
