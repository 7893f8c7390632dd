// DeviceClass validation as Kubernetes' ValidateDeviceClass: a DNS subdomain name, at most 32
// selectors with valid CEL and 32 configurations of opaque driver parameters, an extended
// resource name of the right form. On update, selectors or configuration left as they were are
// not checked again (what was valid when written stays valid).
import type { DeviceClass, DeviceClassSpec } from '../../../../api/resource/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { isExtendedResourceName } from '../../core/resource-names.ts';
import { validateConfigList, validateSelectors } from '../device-claim.ts';

const MAX_CONFIG = 32;

function validateSpec(spec: DeviceClassSpec | undefined, old: DeviceClassSpec | undefined, path: string): FieldError[] {
  const errs = [
    ...validateSelectors(spec?.selectors, `${path}.selectors`, old !== undefined && deepEqual(spec?.selectors, old.selectors)),
    ...validateConfigList(spec?.config, MAX_CONFIG, `${path}.config`, undefined, old !== undefined && deepEqual(spec?.config, old.config)),
  ];
  const name = spec?.extendedResourceName;
  if (name !== undefined && !isExtendedResourceName(name)) errs.push(invalid(`${path}.extendedResourceName`, name, 'must be a valid extended resource name'));
  return errs;
}

export function validateDeviceClass(dc: DeviceClass): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(dc.metadata, false, nameIsDNSSubdomain), ...validateSpec(dc.spec, undefined, 'spec')]);
}

export function validateDeviceClassUpdate(dc: DeviceClass, old: DeviceClass): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMeta(dc.metadata, false, nameIsDNSSubdomain),
    ...validateObjectMetaUpdate(dc.metadata, old.metadata),
    ...validateSpec(dc.spec, old.spec ?? {}, 'spec'),
  ]);
}
