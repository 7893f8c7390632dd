// A daemon set's template generation: Kubernetes keeps it in its internal spec and shows it in
// apps/v1 as the annotation deprecated.daemonset.template.generation, which every daemon set
// carries: 1 on create, one more each time the template changes.
import type { DaemonSet } from '../../../../api/apps/v1/types.ts';

export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/** The generation the object's annotation gives, or undefined when absent or not an integer. */
export function templateGenerationOf(ds: DaemonSet): number | undefined {
  const value = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  return value !== undefined && /^[+-]?[0-9]+$/.test(value) ? Number(value) : undefined;
}

export function setTemplateGeneration(ds: DaemonSet, generation: number): void {
  ds.metadata.annotations = { ...ds.metadata.annotations, [TEMPLATE_GENERATION_ANNOTATION]: String(generation) };
}
