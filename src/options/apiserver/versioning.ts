// orch-apiserver's versioning rows beyond the shared feature-gate and emulation ones.
import type { FlagSpec } from '../flag.ts';
import { VERSIONING as group } from './groups.ts';

export const versioningFlags: readonly FlagSpec[] = [
  { name: 'kubernetes-group-names', type: 'bool', default: 'true', group, status: 'implemented',
    help: 'If true, every built-in API group named <x>.orch.io is also served under the name Kubernetes gives it (<x>.k8s.io, e.g. networking.k8s.io), over the same objects and listed in discovery and OpenAPI, so that manifests and clients written for Kubernetes work unchanged.' },
  { name: 'emulation-forward-compatible', type: 'bool', group, status: 'implemented', statusNote: 'every served group version is GA and older than 1.32, so nothing is carried forward in practice',
    help: 'If true, for any beta+ APIs enabled by default or by --runtime-config at the emulation version, their future versions with higher priority/stability will be auto enabled even if they introduced after the emulation version. Can only be set to true if the emulation version is lower than the binary version.' },
  { name: 'runtime-config', type: 'map', group, status: 'implemented', valueName: 'mapStringString',
    help: 'A set of key=value pairs that enable or disable built-in APIs. Supported options are:\nv1=true|false for the core API group\n<group>/<version>=true|false for a specific API group and version (e.g. apps/v1=true)\napi/all=true|false controls all API versions\napi/ga=true|false controls all API versions of the form v[0-9]+\napi/beta=true|false controls all API versions of the form v[0-9]+beta[0-9]+\napi/alpha=true|false controls all API versions of the form v[0-9]+alpha[0-9]+\napi/legacy is deprecated, and will be removed in a future version' },
  { name: 'runtime-config-emulation-forward-compatible', type: 'bool', group, status: 'implemented', statusNote: 'every served group version predates 1.32, so it only matters to validation of --runtime-config keys',
    help: 'If true, APIs identified by group/version that are enabled in the --runtime-config flag will be installed even if it is introduced after the emulation version. If false, server would fail to start if any APIs identified by group/version that are enabled in the --runtime-config flag are introduced after the emulation version. Can only be set to true if the emulation version is lower than the binary version.' },
];
