// VolumeAttachment validation as Kubernetes' ValidateVolumeAttachment, its v1 additions and its
// update form: an attacher that is a CSI driver name, exactly one source (a persistent volume
// name, or an inline CSI volume spec), a node name, bounded attachment metadata and error
// messages, error codes of 0 or more; the spec is fixed after create.
import type { VolumeAttachment, VolumeAttachmentSource, VolumeAttachmentStatus, VolumeError } from '../../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, required, toStatusCauses, tooLong, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta } from '../../../../machinery/validation/object-meta.ts';
import { validateAccessModes } from '../../core/persistentvolumeclaims/claim-spec.ts';
import { inclusiveRangeError, MAX_INT32 } from '../../core/pods/validation/checks.ts';
import { validateCSIDriverName } from '../../core/pods/volumes/pod-sources.ts';

const MAX_METADATA_BYTES = 256 * 1024;
const MAX_ERROR_MESSAGE_BYTES = 1024;
const ONE_SOURCE = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';

const dnsSubdomain = (value: string, path: string) => nameIsDNSSubdomain(value, false).map((msg) => invalid(path, value, msg));

/** A persistent volume spec given inline, as Kubernetes checks one translated from a pod's volume. */
function validateInlineSpec(spec: NonNullable<VolumeAttachmentSource['inlineVolumeSpec']>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const inline = 'may not be specified in the context of inline volumes';
  if (spec.claimRef) errs.push(forbidden(`${path}.claimRef`, inline));
  if (Object.keys(spec.capacity ?? {}).length) errs.push(forbidden(`${path}.capacity`, inline));
  if (!spec.csi) errs.push(required(`${path}.csi`, 'has to be specified in the context of inline volumes'));
  if (!spec.accessModes?.length) errs.push(required(`${path}.accessModes`));
  errs.push(...validateAccessModes(spec.accessModes, `${path}.accessModes`));
  if (spec.storageClassName) errs.push(forbidden(`${path}.storageClassName`, inline));
  if (spec.csi) errs.push(...validateCSIDriverName(spec.csi.driver ?? '', `${path}.csi.driver`));
  return errs;
}

function validateSource(source: VolumeAttachmentSource | undefined, path: string): FieldError[] {
  const pv = source?.persistentVolumeName;
  const inline = source?.inlineVolumeSpec;
  if (inline == null && pv == null) return [required(path, ONE_SOURCE)];
  if (inline != null && pv != null) return [forbidden(path, ONE_SOURCE)];
  if (pv != null) return pv ? [] : [required(`${path}.persistentVolumeName`, 'must specify non empty persistentVolumeName')];
  return validateInlineSpec(inline!, `${path}.inlineVolumeSpec`);
}

function validateVolumeError(e: VolumeError | undefined, path: string): FieldError[] {
  if (!e) return [];
  const errs: FieldError[] = [];
  // Kubernetes reports the metadata limit here, not the message's own.
  if (Buffer.byteLength(e.message ?? '') > MAX_ERROR_MESSAGE_BYTES) errs.push(tooLong(`${path}.message`, MAX_METADATA_BYTES));
  if (e.errorCode != null && e.errorCode < 0) errs.push(invalid(`${path}.errorCode`, e.errorCode, inclusiveRangeError(0, MAX_INT32)));
  return errs;
}

function validateStatus(status: VolumeAttachmentStatus | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(status?.attachmentMetadata ?? {})) size += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (size > MAX_METADATA_BYTES) errs.push(tooLong(`${path}.attachmentMetadata`, MAX_METADATA_BYTES));
  errs.push(...validateVolumeError(status?.attachError, `${path}.attachError`));
  errs.push(...validateVolumeError(status?.detachError, `${path}.detachError`));
  return errs;
}

function validate(va: VolumeAttachment): FieldError[] {
  const errs = validateObjectMeta(va.metadata, false, nameIsDNSSubdomain);
  const spec = va.spec ?? {};
  if (!spec.attacher) errs.push(required('spec.attacher'));
  errs.push(...validateSource(spec.source, 'spec.source'));
  errs.push(...dnsSubdomain(spec.nodeName ?? '', 'spec.nodeName'));
  errs.push(...validateStatus(va.status, 'status'));
  return errs;
}

/** What v1 adds for new objects: the attacher is a CSI driver name, the volume a volume name. */
function validateV1(va: VolumeAttachment): FieldError[] {
  const errs = validateCSIDriverName(va.spec?.attacher ?? '', 'spec.attacher');
  const pv = va.spec?.source?.persistentVolumeName;
  if (pv != null) errs.push(...dnsSubdomain(pv, 'spec.source.persistentVolumeName'));
  return errs;
}

export function validateVolumeAttachment(va: VolumeAttachment): StatusCause[] {
  return toStatusCauses([...validate(va), ...validateV1(va)]);
}

export function validateVolumeAttachmentUpdate(va: VolumeAttachment, old: VolumeAttachment): StatusCause[] {
  return toStatusCauses([...validate(va), ...validateImmutableField(va.spec, old.spec, 'spec')]);
}
