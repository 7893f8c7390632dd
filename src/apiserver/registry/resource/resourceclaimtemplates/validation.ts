// ResourceClaimTemplate validation as Kubernetes' ValidateResourceClaimTemplate: the template's
// metadata may hold only labels and annotations, its claim spec is validated as a claim's; the
// spec is immutable.
import type { ResourceClaimTemplate } from '../../../../api/resource/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { toStatusCauses } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateTemplateMeta } from '../../core/pods/volumes/pod-sources.ts';
import { validateDeviceClaim } from '../device-claim.ts';

export function validateResourceClaimTemplate(tpl: ResourceClaimTemplate): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMeta(tpl.metadata, true, nameIsDNSSubdomain),
    ...validateTemplateMeta(tpl.spec?.metadata, 'spec.metadata'),
    ...validateDeviceClaim(tpl.spec?.spec?.devices, 'spec.spec.devices'),
  ]);
}

export function validateResourceClaimTemplateUpdate(tpl: ResourceClaimTemplate, old: ResourceClaimTemplate): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(tpl.metadata, old.metadata), ...validateImmutableField(tpl.spec ?? {}, old.spec ?? {}, 'spec')]);
}
