// orch-apiserver's --runtime-config and emulation rows as a typed options object;
// versioning-validate.ts has already refused bad keys and values.
import type { OptionReader } from '../option-reader.ts';

export interface VersioningOptions {
  /** `<group>/<version>` or `api/<selector>` -> its raw value ('' means true). */
  runtimeConfig: Record<string, string>;
  runtimeConfigEmulationForwardCompatible: boolean;
  emulationForwardCompatible: boolean;
  /** Serve each x.orch.io group under its Kubernetes name x.k8s.io too. */
  kubernetesGroupNames: boolean;
}

export function versioningOptions(r: OptionReader): VersioningOptions {
  return {
    runtimeConfig: r.map('runtime-config'),
    runtimeConfigEmulationForwardCompatible: r.bool('runtime-config-emulation-forward-compatible'),
    emulationForwardCompatible: r.bool('emulation-forward-compatible'),
    kubernetesGroupNames: r.bool('kubernetes-group-names'),
  };
}
