// Field checks the storage kinds share, worded as Kubernetes' storage validation words them: a
// provisioner (or driver) name that is a qualified name, a parameter map of bounded size with no
// empty key, and topology selector terms with label keys, unique values and no repeated term.
import type { TopologySelectorTerm } from '../../../api/storage/v1/types.ts';
import { duplicate, invalid, required, tooLong, type FieldError } from '../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import { qualifiedName } from '../core/pods/validation/checks.ts';

const MAX_PARAMETERS = 512;
const MAX_PARAMETERS_BYTES = 256 * 1024;

/** A provisioner or CSI driver name: required, and a qualified name once lowercased. */
export function validateProvisioner(provisioner: string | undefined, path: string): FieldError[] {
  const name = provisioner ?? '';
  if (!name) return [required(path)];
  return qualifiedName(name.toLowerCase(), path);
}

/** At most 512 parameters and 256 KiB of keys and values, no empty key; `allowEmpty` false requires one. */
export function validateParameters(params: Record<string, string> | undefined, allowEmpty: boolean, path: string): FieldError[] {
  const entries = Object.entries(params ?? {});
  if (entries.length > MAX_PARAMETERS) return [tooLong(path, MAX_PARAMETERS)];
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of entries) {
    if (!k) errs.push(invalid(path, k, 'field can not be empty.'));
    size += Buffer.byteLength(k) + Buffer.byteLength(v);
  }
  if (size > MAX_PARAMETERS_BYTES) errs.push(tooLong(path, MAX_PARAMETERS_BYTES));
  if (!allowEmpty && entries.length === 0) errs.push(required(path, 'must contain at least one key/value pair'));
  return errs;
}

/** One term: each requirement has values, none repeated, and a label-name key used once. Returns the term as key → values. */
function validateTerm(term: TopologySelectorTerm, path: string): { expressions: Map<string, Set<string>>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const expressions = new Map<string, Set<string>>();
  (term.matchLabelExpressions ?? []).forEach((req, i) => {
    const at = `${path}.matchLabelExpressions[${i}]`;
    const values = new Set<string>();
    if (!req.values?.length) errs.push(required(`${at}.values`));
    (req.values ?? []).forEach((v, j) => {
      if (values.has(v)) errs.push(duplicate(`${at}.values[${j}]`, v));
      values.add(v);
    });
    errs.push(...qualifiedName(req.key ?? '', `${at}.key`));
    if (expressions.has(req.key)) errs.push(duplicate(`${at}.key`, req.key));
    expressions.set(req.key, values);
  });
  return { expressions, errs };
}

function sameExpressions(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, values] of a) {
    const other = b.get(k);
    if (!other || !deepEqual([...values].sort(), [...other].sort())) return false;
  }
  return true;
}

/**
 * A storage class's allowed topologies. As in Kubernetes, the terms seen so far start with one
 * empty entry per term, so a term without expressions is always reported as a duplicate.
 */
export function validateAllowedTopologies(terms: readonly TopologySelectorTerm[] | undefined, path: string): FieldError[] {
  if (!terms?.length) return [];
  const errs: FieldError[] = [];
  const seen: Map<string, Set<string>>[] = terms.map(() => new Map());
  terms.forEach((term, i) => {
    const at = `${path}[${i}]`;
    const { expressions, errs: termErrs } = validateTerm(term, at);
    errs.push(...termErrs);
    for (const other of seen) if (sameExpressions(expressions, other)) errs.push(duplicate(`${at}.matchLabelExpressions`, ''));
    seen.push(expressions);
  });
  return errs;
}
