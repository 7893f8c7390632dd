// APIService validation as Kubernetes' ValidateAPIService and its update and status forms: the
// name is <version>.<group>, the group a DNS subdomain (empty only for v1, the core group), the
// version a DNS-1035 label, the priorities in range; a local APIService has neither caBundle nor
// insecureSkipTLSVerify, a remote one names its service with a valid port and not both.
import type { APIService } from '../../../../api/apiregistration/v1/types.ts';
import { DEFAULT_SERVICE_PORT } from '../../../../api/apiregistration/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { byteLength, isDNS1123Subdomain, maxLenError, pathSegmentNameErrors, regexError } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const DNS1035_LABEL_MSG = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const CONDITION_STATUSES = ['True', 'False', 'Unknown'];

function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!DNS1035_LABEL.test(value)) errs.push(regexError(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** Go's len() of a []byte sent as base64. */
function bundleBytes(caBundle: string | undefined): number {
  return caBundle ? Buffer.from(caBundle, 'base64').length : 0;
}

function validate(api: APIService): FieldError[] {
  const spec = api.spec ?? ({} as APIService['spec']);
  const group = spec.group ?? '';
  const version = spec.version ?? '';
  const requiredName = `${version}.${group}`;
  const errs = validateObjectMeta(api.metadata, false, (name) => {
    const segment = pathSegmentNameErrors(name);
    if (segment.length) return segment;
    return name === requiredName ? [] : [`must be \`spec.version+"."+spec.group\`: ${JSON.stringify(requiredName)}`];
  });
  if (!group && version !== 'v1') errs.push(required('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  if (group) for (const msg of isDNS1123Subdomain(group)) errs.push(invalid('spec.group', group, msg));
  for (const msg of dns1035LabelErrors(version)) errs.push(invalid('spec.version', version, msg));
  const groupPriority = spec.groupPriorityMinimum ?? 0;
  if (groupPriority <= 0 || groupPriority > 20000) errs.push(invalid('spec.groupPriorityMinimum', groupPriority, 'must be positive and less than 20000'));
  const versionPriority = spec.versionPriority ?? 0;
  if (versionPriority <= 0 || versionPriority > 1000) errs.push(invalid('spec.versionPriority', versionPriority, 'must be positive and less than 1000'));
  const service = spec.service;
  if (!service) {
    const bytes = bundleBytes(spec.caBundle);
    if (bytes) errs.push(invalid('spec.caBundle', `${bytes} bytes`, 'local APIServices may not have a caBundle'));
    if (spec.insecureSkipTLSVerify) errs.push(invalid('spec.insecureSkipTLSVerify', true, 'local APIServices may not have insecureSkipTLSVerify'));
    return errs;
  }
  if (!service.namespace) errs.push(required('spec.service.namespace'));
  if (!service.name) errs.push(required('spec.service.name'));
  const port = service.port ?? DEFAULT_SERVICE_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) errs.push(invalid('spec.service.port', port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (spec.insecureSkipTLSVerify && bundleBytes(spec.caBundle) > 0) errs.push(invalid('spec.insecureSkipTLSVerify', true, 'may not be true if caBundle is present'));
  return errs;
}

function validateStatus(api: APIService): FieldError[] {
  return (api.status?.conditions ?? []).flatMap((c, i) =>
    CONDITION_STATUSES.includes(c.status) ? [] : [notSupported(`status.conditions[${i}].status`, c.status, CONDITION_STATUSES)],
  );
}

export function validateAPIService(api: APIService): StatusCause[] {
  return toStatusCauses(validate(api));
}

export function validateAPIServiceUpdate(api: APIService, old: APIService): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(api.metadata, old.metadata), ...validate(api)]);
}

export function validateAPIServiceStatusUpdate(api: APIService, old: APIService): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(api.metadata, old.metadata), ...validateStatus(api)]);
}
