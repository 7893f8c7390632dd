// What a simulated container uses, read from its pod's annotations under nodeagent.orch.io/:
// cpu-usage and memory-usage are quantities (e.g. "250m", "64Mi"), and a key suffixed with
// .<container name> applies to that container alone, as the other annotations of the agent do. A
// running container without an annotation uses nothing. A node uses what its running containers
// use plus a fixed base for the node itself. These figures are what the metrics API reports.
import type { Pod } from '../api/core/v1/pod-types.ts';
import { canonicalQuantity, parseQuantity, type Quantity } from '../machinery/quantity/quantity.ts';
import { ANNOTATION_PREFIX } from './container-script.ts';

export const CPU_USAGE = `${ANNOTATION_PREFIX}cpu-usage`;
export const MEMORY_USAGE = `${ANNOTATION_PREFIX}memory-usage`;

/** What a simulated node uses for itself, beside its pods. */
export const NODE_BASE_USAGE = { cpu: '50m', memory: '256Mi' } as const;

export type Usage = { cpu: string; memory: string };

const ZERO = { cpu: '0', memory: '0' };

function quantityOr(text: string | undefined, fallback: string): string {
  if (text === undefined) return fallback;
  try {
    return canonicalQuantity(parseQuantity(text.trim()));
  } catch {
    return fallback;
  }
}

/** One container's usage; an annotation that is not a quantity counts as none. */
export function containerUsage(pod: Pod, container: string): Usage {
  const annotations = pod.metadata.annotations ?? {};
  const read = (key: string, fallback: string) => quantityOr(annotations[`${key}.${container}`] ?? annotations[key], fallback);
  return { cpu: read(CPU_USAGE, ZERO.cpu), memory: read(MEMORY_USAGE, ZERO.memory) };
}

function sumOf(values: string[], format: Quantity['format']): string {
  // Exact sums at nano precision, as quantities add in Go.
  let nanos = 0n;
  for (const v of values) {
    const q = parseQuantity(v);
    const shift = q.scale + 9;
    nanos += shift >= 0 ? q.unscaled * 10n ** BigInt(shift) : q.unscaled / 10n ** BigInt(-shift);
  }
  return canonicalQuantity({ unscaled: nanos, scale: -9, format, small: false });
}

/** The sum of usages, with the node's own base when `base` is given. */
export function totalUsage(usages: readonly Usage[], base?: Usage): Usage {
  const all = base ? [...usages, base] : [...usages];
  return { cpu: sumOf(all.map((u) => u.cpu), 'DecimalSI'), memory: sumOf(all.map((u) => u.memory), 'BinarySI') };
}
