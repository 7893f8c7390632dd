// Feature gate and emulation-version rows shared by both daemons (Kubernetes' component globals).
import type { FlagSpec } from '../flag.ts';
import { BINARY_MINOR, MIN_EMULATION_MINOR } from '../../component-base/version/version.ts';
import { knownFeatureGateHelp } from '../../component-base/featuregate/known-features.ts';

export function featureGateFlags(group: string): FlagSpec[] {
  return [
    { name: 'feature-gates', type: 'map', repeatable: true, group, status: 'implemented', valueName: 'colonSeparatedMultimapStringString',
      // Written when read (--help, docs): sorting the gates builds a collator, ~10 ms of each start.
      get help() { return `Comma-separated list of component:key=value pairs that describe feature gates for alpha/experimental features of different components. If the component is not specified, defaults to "orch". This flag can be repeatedly invoked. For example: --feature-gates 'wardle:featureA=true,wardle:featureB=false' --feature-gates 'orch:featureC=true'. Options are:\n${knownFeatureGateHelp()}`; } },
    { name: 'emulated-version', type: 'strings', default: `orch=1.${BINARY_MINOR}`, group, status: 'implemented',
      help: `The versions different components emulate their capabilities (APIs, features, ...) of. If set, the component will emulate the behavior of this version instead of the underlying binary version. Version format could only be major.minor, for example: '--emulated-version=wardle=1.2,orch=1.31'. Options are: orch=1.${MIN_EMULATION_MINOR}..1.${BINARY_MINOR} (default=1.${BINARY_MINOR}). If the component is not specified, defaults to "orch".` },
    { name: 'min-compatibility-version', type: 'strings', default: `orch=1.${BINARY_MINOR - 1}`, group, status: 'implemented',
      help: `The min version of control plane components the server should be compatible with. Must be less or equal to the emulated-version. Version format could only be major.minor, for example: '--min-compatibility-version=wardle=1.2,orch=1.31'. Options are: orch=1.${MIN_EMULATION_MINOR}..1.${BINARY_MINOR} (default=1.${BINARY_MINOR - 1}). If the component is not specified, defaults to "orch".` },
  ];
}
