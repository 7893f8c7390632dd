// Cells kubectl's printers share for kinds that hold a pod template: the containers' names and
// images, each joined by commas, and a label map as "k=v,..." sorted by key ("<none>" if empty).
import type { Container } from '../../../../api/core/v1/container-types.ts';

export function containerCells(containers: readonly Container[] | undefined): [names: string, images: string] {
  const list = containers ?? [];
  return [list.map((c) => c.name).join(','), list.map((c) => c.image ?? '').join(',')];
}

export function formatLabels(labels: Readonly<Record<string, string>> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : '<none>';
}
