// admission.NewForbidden: `<resource> "<name>" is forbidden: <why>`, naming "Unknown" when the
// object has no name yet.
import { forbidden, type StatusError } from '../../machinery/status.ts';
import type { AdmissionAttributes } from './types.ts';

export function admissionForbidden(attrs: AdmissionAttributes, why: string): StatusError {
  const name = attrs.object?.metadata?.name || attrs.name || 'Unknown';
  return forbidden({ group: attrs.resource.group, resource: attrs.resource.resource }, name, why);
}

/** The object is a Namespace of the core group (namespace plugins leave those alone). */
export function isNamespaceKind(attrs: AdmissionAttributes): boolean {
  return attrs.kind.group === '' && attrs.kind.kind === 'Namespace';
}
