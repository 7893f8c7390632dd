// --allow-metric-labels and --allow-metric-labels-manifest: per metric and label, the values
// that may appear; any other value is recorded as "unexpected" to bound cardinality.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';

export type LabelAllowList = Map<string, Set<string>>;

function key(metric: string, label: string): string {
  return `${metric},${label}`;
}

function addEntries(into: LabelAllowList, entries: Record<string, unknown>, source: string): void {
  for (const [k, v] of Object.entries(entries)) {
    const parts = k.split(',');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new Error(`${source}: key ${JSON.stringify(k)} must have the form <MetricName>,<LabelName>`);
    if (typeof v !== 'string') throw new Error(`${source}: value of ${JSON.stringify(k)} must be a comma-separated string`);
    const values = v.replace(/^'|'$/g, '').split(',').map((s) => s.trim()).filter(Boolean);
    into.set(key(parts[0].trim(), parts[1].trim()), new Set(values));
  }
}

/** The manifest first, then --allow-metric-labels overriding it entry by entry. */
export function loadLabelAllowList(flag: Record<string, string> | undefined, manifestPath: string | undefined): LabelAllowList {
  const list: LabelAllowList = new Map();
  if (manifestPath) {
    let doc: unknown;
    try {
      doc = parseYaml(readFileSync(manifestPath, 'utf8'));
    } catch (err) {
      throw new Error(`--allow-metric-labels-manifest ${manifestPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (doc !== null && doc !== undefined) {
      if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`--allow-metric-labels-manifest ${manifestPath}: want a map of "<metric>,<label>": "<values>"`);
      addEntries(list, doc as Record<string, unknown>, `--allow-metric-labels-manifest ${manifestPath}`);
    }
  }
  if (flag) addEntries(list, flag, '--allow-metric-labels');
  return list;
}

export function constrainLabel(list: LabelAllowList, metric: string, label: string, value: string): string {
  const allowed = list.get(key(metric, label));
  if (!allowed || allowed.has(value)) return value;
  return 'unexpected';
}
