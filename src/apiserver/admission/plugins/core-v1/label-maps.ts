// Label sets written as "key=value,key=value" (namespace node-selector annotations and the
// PodNodeSelector configuration), read as Kubernetes' labels.ConvertSelectorToLabelsMap reads
// them, and the Conflicts and Merge operations on such sets.
import { isQualifiedName, isValidLabelValue } from '../../../../machinery/validation/names.ts';

export type LabelMap = Record<string, string>;

export class LabelMapError extends Error {}

/** Go prints a []string with %s as [a b c]. */
const goStrings = (parts: readonly string[]) => `[${parts.join(' ')}]`;

export function parseLabelMap(text: string | undefined): LabelMap {
  const out: LabelMap = {};
  if (!text) return out;
  for (const entry of text.split(',')) {
    const parts = entry.split('=');
    if (parts.length !== 2) throw new LabelMapError(`invalid selector: ${goStrings(parts)}`);
    const key = parts[0]!.trim();
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length) throw new LabelMapError(`key: Invalid value: ${JSON.stringify(key)}: ${keyErrs.join('; ')}`);
    const value = parts[1]!.trim();
    const valueErrs = isValidLabelValue(value);
    if (valueErrs.length) throw new LabelMapError(`value[${key}]: Invalid value: ${JSON.stringify(value)}: ${valueErrs.join('; ')}`);
    out[key] = value;
  }
  return out;
}

/** Some key is in both sets with different values. */
export function labelsConflict(a: LabelMap, b: LabelMap): boolean {
  return Object.keys(a).some((k) => Object.hasOwn(b, k) && b[k] !== a[k]);
}

/** Both sets; `b` wins on a shared key. */
export function mergeLabels(a: LabelMap, b: LabelMap | undefined): LabelMap {
  return { ...a, ...(b ?? {}) };
}
