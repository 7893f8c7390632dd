// A label selector as Go's %v prints the generated LabelSelector.String(), as it appears in the
// disruption controller's UnmanagedPods event: &LabelSelector{MatchLabels:map[string]string{app:
// web,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:…,Operator:…,
// Values:[a b],},},}. A missing selector prints as <nil>.
import type { LabelSelector } from '../../../api/meta/v1/types.ts';

export function goSelectorString(selector: LabelSelector | undefined | null): string {
  if (!selector) return '<nil>';
  const labels = Object.keys(selector.matchLabels ?? {}).sort().map((k) => `${k}: ${selector.matchLabels![k]},`).join('');
  const expressions = (selector.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${expressions}},}`;
}
