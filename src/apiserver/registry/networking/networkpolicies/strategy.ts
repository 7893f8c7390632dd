// What a write may change on a NetworkPolicy: bodies get Kubernetes' defaults (TCP for a port
// without protocol; policyTypes of Ingress, plus Egress when there are egress rules, when none are
// given); a create starts at generation 1 and an update bumps it when the spec changes.
import type { NetworkPolicy, NetworkPolicyPort } from '../../../../api/networking/v1/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateNetworkPolicy, validateNetworkPolicyUpdate } from './validation.ts';

function defaultPorts(ports: NetworkPolicyPort[] | undefined): void {
  for (const port of ports ?? []) port.protocol ??= 'TCP';
}

export function defaultNetworkPolicy(np: NetworkPolicy): NetworkPolicy {
  const spec = (np.spec ??= {});
  for (const rule of spec.ingress ?? []) defaultPorts(rule.ports);
  for (const rule of spec.egress ?? []) defaultPorts(rule.ports);
  if (!spec.policyTypes?.length) spec.policyTypes = spec.egress?.length ? ['Ingress', 'Egress'] : ['Ingress'];
  return np;
}

export const networkPolicyStrategy: ResourceStrategy<NetworkPolicy> = {
  prepareForCreate(np) {
    np.metadata.generation = 1;
  },
  prepareForUpdate(np, old) {
    if (!deepEqual(np.spec, old.spec)) np.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateNetworkPolicy,
  validateUpdate: validateNetworkPolicyUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
