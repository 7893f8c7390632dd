// pods/binding (and the bindings resource): assigns a pod to a node, as a scheduler does. The pod
// must not be bound or being deleted and must have no scheduling gates; its spec.nodeName is set,
// the binding's annotations are copied onto it, and its PodScheduled condition turns True.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import { badRequest, conflict, invalid, type StatusCause } from '../../../../../machinery/status.ts';
import { kindSchema } from '../../../../../machinery/openapi/kind-schemas.ts';
import { nowTimestamp } from '../../../generic/object-meta.ts';
import type { ParentAccess, SubresourceAction } from '../../../resource.ts';
import { successObject, type BoundPod } from './pod-shape.ts';

interface Binding extends ApiObject {
  target?: { kind?: string; name?: string; namespace?: string; apiVersion?: string; uid?: string };
}

const PODS = { group: '', resource: 'pods' };

/** ValidatePodBinding: the target must name a node. */
function validateBinding(binding: Binding): StatusCause[] {
  const causes: StatusCause[] = [];
  const kind = binding.target?.kind ?? '';
  if (kind !== '' && kind !== 'Node') {
    causes.push({ reason: 'FieldValueNotSupported', field: 'target.kind', message: `Unsupported value: ${JSON.stringify(kind)}: supported values: "Node", "<empty>"` });
  }
  if (!binding.target?.name) causes.push({ reason: 'FieldValueRequired', field: 'target.name', message: 'Required value' });
  return causes;
}

/** The pod `current` bound to `node`, or a 409 naming why it cannot be. */
function bound<P extends BoundPod>(current: P, node: string, binding: Binding): P {
  const name = current.metadata.name ?? '';
  const uid = binding.metadata.uid;
  if (uid && uid !== current.metadata.uid) throw conflict(PODS, name, `the UID in the bind request (${uid}) does not match the UID of the pod (${current.metadata.uid ?? ''})`);
  const rv = binding.metadata.resourceVersion;
  if (rv && rv !== current.metadata.resourceVersion) throw conflict(PODS, name, `the resourceVersion in the bind request (${rv}) does not match the pod's (${current.metadata.resourceVersion ?? ''})`);
  if (current.metadata.deletionTimestamp) throw conflict(PODS, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  const spec = (current.spec ??= {});
  if (spec.nodeName) throw conflict(PODS, name, `pod ${name} is already assigned to node ${JSON.stringify(spec.nodeName)}`);
  if ((spec.schedulingGates ?? []).length) throw conflict(PODS, name, `pod ${name} has non-empty .spec.schedulingGates`);
  spec.nodeName = node;
  const annotations = binding.metadata.annotations;
  if (annotations && Object.keys(annotations).length) current.metadata.annotations = { ...current.metadata.annotations, ...annotations };
  const status = (current.status ??= {});
  const conditions = (status.conditions ??= []);
  const scheduled = conditions.find((c) => c.type === 'PodScheduled');
  if (!scheduled) conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: nowTimestamp() });
  else if (scheduled.status !== 'True') {
    scheduled.status = 'True';
    scheduled.lastTransitionTime = nowTimestamp();
    delete scheduled.reason;
    delete scheduled.message;
  }
  return current;
}

export async function bindPod<P extends BoundPod>(parent: ParentAccess<P>, posted: ApiObject): Promise<ApiObject> {
  const binding = posted as Binding;
  if ((binding.metadata.name ?? '') !== parent.name) throw badRequest('name in URL does not match name in Binding object');
  const causes = validateBinding(binding);
  if (causes.length) throw invalid({ group: '', kind: 'Binding' }, parent.name, causes);
  await parent.update((current) => bound(current, binding.target!.name!, binding));
  return successObject();
}

/** The binding subresource of pods. */
export function bindingAction<P extends BoundPod>(): SubresourceAction<P> {
  return {
    group: '',
    version: 'v1',
    kind: 'Binding',
    get schema() {
      return kindSchema('io.orch.api.core.v1.Binding');
    },
    act: (parent, posted) => bindPod(parent, posted),
  };
}
