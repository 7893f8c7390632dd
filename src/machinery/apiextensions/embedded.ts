// x-kubernetes-embedded-resource values are objects of their own: apiVersion and kind are
// required and well-formed, and metadata follows ObjectMeta's rules (a name need not be given,
// but if given it must be usable as a path segment), as Kubernetes checks them.
import type { ObjectMeta } from '../../api/meta/v1/types.ts';
import { invalid, required, RenderedValue, type FieldError } from '../validation/field-error.ts';
import { pathSegmentNameErrors, regexError } from '../validation/names.ts';
import { validateObjectMeta } from '../validation/object-meta.ts';
import { child } from '../validation/path.ts';
import { goSharpV } from './go-values.ts';

const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!DNS1035_LABEL.test(value)) {
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        '[a-z]([-a-z0-9]*[a-z0-9])?',
        'my-name',
        'abc-123',
      ),
    );
  }
  return errs;
}

/** schema.ParseGroupVersion's complaint about an apiVersion: more than one slash. */
function groupVersionError(apiVersion: string): string | undefined {
  return apiVersion.split('/').length > 2 ? `unexpected GroupVersion string: ${apiVersion}` : undefined;
}

function rendered(v: unknown): FieldError['badValue'] {
  return v !== null && typeof v === 'object' ? new RenderedValue(goSharpV(v)) : (v as FieldError['badValue']);
}

const pathSegmentName = (name: string): string[] => pathSegmentNameErrors(name);

/** The errors of one embedded resource value at `fldPath` (field.Path style). */
export function validateEmbeddedResource(fldPath: string, x: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  if (!Object.hasOwn(x, 'apiVersion')) errs.push(required(child(fldPath, 'apiVersion')));
  if (!Object.hasOwn(x, 'kind')) errs.push(required(child(fldPath, 'kind')));
  const apiVersion = x.apiVersion;
  if (Object.hasOwn(x, 'apiVersion')) {
    const p = child(fldPath, 'apiVersion');
    if (typeof apiVersion !== 'string') errs.push(invalid(p, rendered(apiVersion), 'must be a string'));
    else if (!apiVersion) errs.push(invalid(p, apiVersion, 'must not be empty'));
    else {
      const e = groupVersionError(apiVersion);
      if (e) errs.push(invalid(p, apiVersion, e));
    }
  }
  const kind = x.kind;
  if (Object.hasOwn(x, 'kind')) {
    const p = child(fldPath, 'kind');
    if (typeof kind !== 'string') errs.push(invalid(p, rendered(kind), 'must be a string'));
    else if (!kind) errs.push(invalid(p, kind, 'must not be empty'));
    else {
      const e = dns1035LabelErrors(kind.toLowerCase());
      if (e.length) errs.push(invalid(p, kind, `may have mixed case, but should otherwise match: ${e.join(',')}`));
    }
  }
  if (Object.hasOwn(x, 'metadata')) {
    const metaPath = child(fldPath, 'metadata');
    const meta = x.metadata;
    if (meta !== null && meta !== undefined && (typeof meta !== 'object' || Array.isArray(meta))) {
      errs.push(invalid(metaPath, rendered(meta), 'expected map[string]interface{} for metadata'));
    } else {
      const m = { ...((meta ?? {}) as ObjectMeta) };
      if (!m.name) m.name = 'fakename';
      errs.push(...validateObjectMeta(m, Boolean(m.namespace), (n) => pathSegmentName(n), metaPath));
    }
  }
  return errs;
}
