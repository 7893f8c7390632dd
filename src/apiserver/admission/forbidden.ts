// admission.NewForbidden: `<resource> "<name>" is forbidden: <why>`, naming the generateName
// prefix when the object's name is not generated yet, and "Unknown" when it has neither.
import { forbidden, type StatusError } from '../../machinery/status.ts';
import type { AdmissionAttributes } from './types.ts';

export function admissionForbidden(attrs: AdmissionAttributes, why: string): StatusError {
  const name = attrs.object?.metadata?.name || attrs.name || attrs.object?.metadata?.generateName || 'Unknown';
  return forbidden({ group: attrs.resource.group, resource: attrs.resource.resource }, name, why);
}

/** The object is a Namespace of the core group (namespace plugins leave those alone). */
export function isNamespaceKind(attrs: AdmissionAttributes): boolean {
  return attrs.kind.group === '' && attrs.kind.kind === 'Namespace';
}
