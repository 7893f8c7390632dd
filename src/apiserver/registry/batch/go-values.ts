// Bad values as Kubernetes' batch validation prints them (Go's %#v of a label map or selector),
// e.g. `map[string]string{"app":"web"}` and `v1.LabelSelector{MatchLabels:…, MatchExpressions:…}`.
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import { RenderedValue } from '../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../machinery/validation/go-format.ts';

function stringMap(m: Readonly<Record<string, string>> | undefined): string {
  if (!m) return 'map[string]string(nil)';
  return `map[string]string{${Object.keys(m).sort().map((k) => `${goQuote(k)}:${goQuote(m[k]!)}`).join(', ')}}`;
}

export function goStringMap(m: Readonly<Record<string, string>> | undefined): RenderedValue {
  return new RenderedValue(stringMap(m));
}

export function goLabelSelector(s: LabelSelector | undefined): RenderedValue {
  const exprs = s?.matchExpressions;
  const list = exprs
    ? `[]v1.LabelSelectorRequirement{${exprs
        .map((e) => `v1.LabelSelectorRequirement{Key:${goQuote(e.key)}, Operator:${goQuote(e.operator)}, Values:${e.values ? `[]string{${e.values.map(goQuote).join(', ')}}` : '[]string(nil)'}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return new RenderedValue(`v1.LabelSelector{MatchLabels:${stringMap(s?.matchLabels)}, MatchExpressions:${list}}`);
}
