// Signer names as Kubernetes' ValidateSignerName checks them: `<domain>/<path>`, the domain DNS
// labels with at least one dot (at most 253 characters), the path DNS subdomains joined by dots,
// 571 characters in all; the first bad label of each part is reported.
import { invalid, required, tooLong, type FieldError } from '../../../machinery/validation/field-error.ts';
import { DNS1123_LABEL_MAX_LENGTH, DNS1123_SUBDOMAIN_MAX_LENGTH, isDNS1123Label, isDNS1123Subdomain } from '../../../machinery/validation/names.ts';

const MAX_SIGNER_NAME_LENGTH = DNS1123_SUBDOMAIN_MAX_LENGTH + (DNS1123_SUBDOMAIN_MAX_LENGTH + DNS1123_LABEL_MAX_LENGTH + 1) + 1;

function firstBadLabel(labels: string[], check: (s: string) => string[], path: string, part: string): FieldError[] {
  for (const label of labels) {
    const msgs = check(label);
    if (msgs.length) return msgs.map((m) => invalid(path, part, `validating label ${JSON.stringify(label)}: ${m}`));
  }
  return [];
}

export function validateSignerName(signerName: string | undefined, path: string): FieldError[] {
  if (!signerName) return [required(path)];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, rest] = segments as [string, string];
  const errs: FieldError[] = [];
  if (domain.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(tooLong(path, DNS1123_SUBDOMAIN_MAX_LENGTH));
  const domainLabels = domain.split('.');
  errs.push(...firstBadLabel(domainLabels, isDNS1123Label, path, domain));
  if (domainLabels.length < 2) errs.push(invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  errs.push(...firstBadLabel(rest.split('.'), isDNS1123Subdomain, path, rest));
  if (signerName.length > MAX_SIGNER_NAME_LENGTH) errs.push(tooLong(path, MAX_SIGNER_NAME_LENGTH));
  return errs;
}
