// Compiles a request's label and field selectors into the predicate storage filters with.
import type { ApiObject, Predicate } from '../../../storage/interface.ts';
import { parseLabelSelector } from '../../../machinery/selectors/labels.ts';
import { parseFieldSelector } from '../../../machinery/selectors/fields.ts';
import type { ResourceDeclaration } from '../resource.ts';

const allowedSets = new WeakMap<object, ReadonlySet<string>>();

function allowedOf(decl: ResourceDeclaration<any, any>): ReadonlySet<string> {
  let set = allowedSets.get(decl);
  if (!set) allowedSets.set(decl, (set = new Set(decl.allowedFieldSelectors)));
  return set;
}

/** The storage predicate for both selectors; undefined when they select everything. */
export function compileSelection<S extends ApiObject>(
  decl: ResourceDeclaration<any, S>,
  labelSelector: string,
  fieldSelector: string,
): Predicate<S> | undefined {
  const labels = labelSelector.trim() ? parseLabelSelector(labelSelector) : undefined;
  const fields = fieldSelector.trim() ? parseFieldSelector(fieldSelector, allowedOf(decl), `${decl.plural}.${decl.group}`) : undefined;
  const useLabels = labels && !labels.empty() ? labels : undefined;
  const useFields = fields && !fields.empty() ? fields : undefined;
  if (!useLabels && !useFields) return undefined;
  if (!useFields) return Object.assign((obj: S) => useLabels!.matches(obj.metadata.labels), { labelsOnly: true });
  return (obj) => {
    if (useLabels && !useLabels.matches(obj.metadata.labels)) return false;
    if (useFields && !useFields.matches(decl.fieldSet(obj))) return false;
    return true;
  };
}
