// metav1.FormatLabelSelector: a LabelSelector as the label query string kubectl's wide columns
// show (`app=web,tier in (a,b),!legacy`), requirements sorted by key and values within In and
// NotIn sorted; "<none>" for an empty or absent selector, "<error>" for one that cannot be read.
import type { LabelSelector } from '../../api/meta/v1/types.ts';

const OPERATORS: Readonly<Record<string, (key: string, values: string) => string>> = {
  In: (k, v) => `${k} in (${v})`,
  NotIn: (k, v) => `${k} notin (${v})`,
  Exists: (k) => k,
  DoesNotExist: (k) => `!${k}`,
};

export function formatLabelSelector(selector: LabelSelector | null | undefined): string {
  const reqs: { key: string; text: string }[] = [];
  for (const [key, value] of Object.entries(selector?.matchLabels ?? {})) reqs.push({ key, text: `${key}=${value}` });
  for (const expr of selector?.matchExpressions ?? []) {
    const format = OPERATORS[expr.operator];
    if (!format) return '<error>';
    reqs.push({ key: expr.key, text: format(expr.key, [...new Set(expr.values ?? [])].sort().join(',')) });
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return reqs.length ? reqs.map((r) => r.text).join(',') : '<none>';
}
