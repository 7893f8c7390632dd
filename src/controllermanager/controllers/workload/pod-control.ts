// How controllers create, delete and patch the pods they own, as Kubernetes' RealPodControl does:
// a pod is made from the owner's template (its labels, annotations and finalizers, a copy of its
// spec, generateName `<owner>-`, the owner's controller reference) and every create or delete is
// recorded as an event on the owner: SuccessfulCreate "Created pod: <name>", FailedCreate
// "Error creating: <error>", SuccessfulDelete "Deleted pod: <name>", FailedDelete
// "Error deleting: <error>". A create refused because the namespace is being deleted records no
// event: every create there fails alike.
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { Pod, PodTemplateSpec } from '../../../api/core/v1/pod-types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import type { EventRecorder, ReferableObject } from '../../../client/record/index.ts';
import { hasStatusCause, isNotFound } from '../../../machinery/status.ts';
import { nameIsDNSSubdomain } from '../../../machinery/validation/names.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('controllermanager/podcontrol');
const PODS = { group: '', version: 'v1', resource: 'pods' };

export interface PodControl {
  /**
   * Creates one pod from the template, owned by `owner`; throws what the server answered.
   * `generateName` replaces the owner's name prefix (CreatePodsWithGenerateName: an Indexed job's `<job>-<index>-`).
   */
  createPod(namespace: string, template: PodTemplateSpec | undefined, owner: ReferableObject, controllerRef: OwnerReference, generateName?: string): Promise<Pod>;
  /** Deletes a pod of `owner`; a pod already gone throws NotFound without an event. */
  deletePod(namespace: string, name: string, owner: ReferableObject): Promise<void>;
  /** A strategic merge patch of a pod (adoption and release). */
  patchPod(namespace: string, name: string, patch: unknown): Promise<void>;
}

/** Whether the API refused a write because the namespace is being deleted. */
export function isNamespaceTerminating(err: unknown): boolean {
  return hasStatusCause(err, 'NamespaceTerminating');
}

/** `<name>-` when that is a valid generateName prefix, else the name (Kubernetes' getPodsPrefix). */
export function podNamePrefix(ownerName: string): string {
  const prefix = `${ownerName}-`;
  return nameIsDNSSubdomain(prefix, true).length === 0 ? prefix : ownerName;
}

/** The pod a controller creates from its template (Kubernetes' GetPodFromTemplate). */
export function podFromTemplate(template: PodTemplateSpec | undefined, ownerName: string, controllerRef: OwnerReference | undefined): Pod {
  const meta = template?.metadata;
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: podNamePrefix(ownerName),
      ...(meta?.labels ? { labels: { ...meta.labels } } : {}),
      ...(meta?.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta?.finalizers ? { finalizers: [...meta.finalizers] } : {}),
      ...(controllerRef ? { ownerReferences: [{ ...controllerRef }] } : {}),
    },
    spec: structuredClone(template?.spec ?? { containers: [] }),
  };
  return pod;
}

/** A controller reference fit for pods: Kubernetes refuses to create pods with anything less. */
function validateControllerRef(ref: OwnerReference): void {
  if (!ref.apiVersion) throw new Error('controllerRef has empty APIVersion');
  if (!ref.kind) throw new Error('controllerRef has empty Kind');
  if (ref.controller !== true) throw new Error('controllerRef.Controller is not set to true');
  if (ref.blockOwnerDeletion !== true) throw new Error('controllerRef.BlockOwnerDeletion is not set');
}

export class RestPodControl implements PodControl {
  private readonly client: RestClient;
  private readonly recorder: EventRecorder;
  private readonly signal: AbortSignal | undefined;

  constructor(client: RestClient, recorder: EventRecorder, signal?: AbortSignal) {
    this.client = client;
    this.recorder = recorder;
    this.signal = signal;
  }

  async createPod(namespace: string, template: PodTemplateSpec | undefined, owner: ReferableObject, controllerRef: OwnerReference, generateName?: string): Promise<Pod> {
    validateControllerRef(controllerRef);
    const pod = podFromTemplate(template, owner.metadata?.name ?? '', controllerRef);
    if (generateName) pod.metadata.generateName = generateName;
    if (Object.keys(pod.metadata.labels ?? {}).length === 0) throw new Error('unable to create pods, no labels');
    let created: Pod;
    try {
      created = await new ResourceClient<Pod>(this.client, PODS, namespace).create(pod, this.signal);
    } catch (err) {
      if (!isNamespaceTerminating(err)) this.recorder.eventf(owner, undefined, 'Warning', 'FailedCreate', 'Create', `Error creating: ${(err as Error).message}`);
      throw err;
    }
    log.info('Controller created pod', { controller: owner.metadata?.name, pod: `${namespace}/${created.metadata.name}` }, 4);
    this.recorder.eventf(owner, undefined, 'Normal', 'SuccessfulCreate', 'Create', `Created pod: ${created.metadata.name}`);
    return created;
  }

  async deletePod(namespace: string, name: string, owner: ReferableObject): Promise<void> {
    log.info('Deleting pod', { controller: owner.metadata?.name, pod: `${namespace}/${name}` }, 2);
    try {
      await new ResourceClient<Pod>(this.client, PODS, namespace).delete(name, this.signal);
    } catch (err) {
      if (isNotFound(err)) {
        log.info('Pod has already been deleted', { pod: `${namespace}/${name}` }, 4);
        throw err;
      }
      this.recorder.eventf(owner, undefined, 'Warning', 'FailedDelete', 'Delete', `Error deleting: ${(err as Error).message}`);
      throw new Error(`unable to delete pods: ${(err as Error).message}`, { cause: err });
    }
    this.recorder.eventf(owner, undefined, 'Normal', 'SuccessfulDelete', 'Delete', `Deleted pod: ${name}`);
  }

  async patchPod(namespace: string, name: string, patch: unknown): Promise<void> {
    await new ResourceClient<Pod>(this.client, PODS, namespace).patch(name, 'application/strategic-merge-patch+json', patch, {}, this.signal);
  }
}
