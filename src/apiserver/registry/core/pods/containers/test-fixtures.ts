// Shared by the container validation tests: a valid, defaulted container and pod context, and
// causes reduced to `field: message` lines for exact comparison.
import type { Container } from '../../../../../api/core/v1/container-types.ts';
import type { StatusCause } from '../../../../../machinery/status.ts';
import type { ContainerContext } from './context.ts';
import { defaultContainer } from './defaults.ts';

export function container(overrides: Partial<Container> = {}): Container {
  const c: Container = { name: 'app', image: 'nginx:1.27', ...overrides };
  defaultContainer(c);
  return c;
}

export function context(overrides: Partial<ContainerContext> = {}): ContainerContext {
  return { volumeNames: new Set(['data', 'claim']), claimVolumeNames: new Set(['claim']), podRestartPolicy: 'Always', hostNetwork: false, gracePeriodSeconds: 30, ...overrides };
}

export function lines(causes: readonly StatusCause[]): string[] {
  return causes.map((c) => `${c.reason} ${c.field}: ${c.message}`);
}
