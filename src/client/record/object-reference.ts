// The ObjectReference an Event points at, taken from an object as client-go's reference.GetReference
// does: kind and apiVersion from the object's type, namespace, name, uid and resourceVersion from
// its metadata.
import type { ObjectReference } from '../../api/meta/v1/types.ts';

export interface ReferableObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
}

/** A reference to an object; `kind`/`apiVersion` fill in what a typed object from a list lacks. */
export function referenceTo(obj: ReferableObject, type: { kind?: string; apiVersion?: string } = {}): ObjectReference {
  const meta = obj.metadata ?? {};
  const ref: ObjectReference = {};
  const kind = obj.kind ?? type.kind;
  const apiVersion = obj.apiVersion ?? type.apiVersion;
  if (kind) ref.kind = kind;
  if (meta.namespace) ref.namespace = meta.namespace;
  if (meta.name) ref.name = meta.name;
  if (meta.uid) ref.uid = meta.uid;
  if (apiVersion) ref.apiVersion = apiVersion;
  if (meta.resourceVersion) ref.resourceVersion = meta.resourceVersion;
  return ref;
}
