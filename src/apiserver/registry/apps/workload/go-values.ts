// Values as Go's %#v prints them, for the apps kinds' validation messages: Kubernetes renders a
// bad value that is neither a scalar nor a Stringer this way (a template's labels, a selector, an
// int-or-string, a strategy struct), and clients see the text.
import type { LabelSelector } from '../../../../api/meta/v1/types.ts';
import { RenderedValue } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import type { IntOrString } from '../../../../api/apps/v1/types.ts';

/** map[string]string: keys sorted, `map[string]string(nil)` when absent. */
export function goStringMapText(m: Readonly<Record<string, string>> | null | undefined): string {
  if (!m) return 'map[string]string(nil)';
  return `map[string]string{${Object.keys(m).sort().map((k) => `${goQuote(k)}:${goQuote(m[k]!)}`).join(', ')}}`;
}

export function goStringMap(m: Readonly<Record<string, string>> | null | undefined): RenderedValue {
  return new RenderedValue(goStringMapText(m));
}

function goStrings(values: readonly string[] | undefined): string {
  return values ? `[]string{${values.map(goQuote).join(', ')}}` : '[]string(nil)';
}

/** A metav1.LabelSelector value (what a *LabelSelector bad value prints as). */
export function goLabelSelector(selector: LabelSelector | null | undefined): RenderedValue {
  if (!selector) return new RenderedValue('null');
  const exprs = selector.matchExpressions;
  const requirements = exprs
    ? `[]v1.LabelSelectorRequirement{${exprs.map((e) => `v1.LabelSelectorRequirement{Key:${goQuote(e.key ?? '')}, Operator:${goQuote(e.operator ?? '')}, Values:${goStrings(e.values)}}`).join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return new RenderedValue(`v1.LabelSelector{MatchLabels:${goStringMapText(selector.matchLabels)}, MatchExpressions:${requirements}}`);
}

/** An intstr.IntOrString value: Type 0 holds a number, Type 1 a string. */
export function goIntOrStringText(value: IntOrString | undefined): string {
  if (typeof value === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(value)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${value ?? 0}, StrVal:""}`;
}

export function goIntOrString(value: IntOrString | undefined): RenderedValue {
  return new RenderedValue(goIntOrStringText(value));
}

/** A pointer field of a %#v struct: `(*T)(nil)` when absent, an address otherwise (never stable in Go either). */
export function goPointer(type: string, present: boolean): string {
  return present ? `(*${type})(0xc000000000)` : `(*${type})(nil)`;
}
