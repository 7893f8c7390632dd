// networking.orch.io/v1 NetworkPolicy: namespaced, short name netpol, no status. Bodies get
// Kubernetes' defaults as they are decoded.
import type { NetworkPolicy } from '../../../../api/networking/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultNetworkPolicy, networkPolicyStrategy } from './strategy.ts';
import { networkPolicyTable } from './table.ts';

const DEFINITION = 'io.orch.api.networking.v1.NetworkPolicy';

export function networkPoliciesDeclaration() {
  return {
    group: 'networking.orch.io',
    version: 'v1',
    kind: 'NetworkPolicy',
    listKind: 'NetworkPolicyList',
    plural: 'networkpolicies',
    singular: 'networkpolicy',
    shortNames: ['netpol'],
    categories: [],
    namespaced: true,
    storageResource: { group: 'networking.orch.io', resource: 'networkpolicies' },
    storageVersion: { group: 'networking.orch.io', version: 'v1', kind: 'NetworkPolicy' },
    strategy: networkPolicyStrategy,
    schema: kindSchema(DEFINITION),
    decode: (raw) => defaultNetworkPolicy(raw as NetworkPolicy),
    toStored: (np: NetworkPolicy) => np,
    fromStored: (np: NetworkPolicy) => cloneJson(np),
    fieldSet: (np: NetworkPolicy) => objectMetaFieldSet(np.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: networkPolicyTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
  } satisfies ResourceDeclaration<NetworkPolicy, NetworkPolicy>;
}
