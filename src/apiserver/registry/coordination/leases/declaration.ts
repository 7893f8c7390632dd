// coordination.orch.io/v1 Lease: the record leader election and the API server's identity use.
import type { Lease } from '../../../../api/coordination/v1/types.ts';
import { COORDINATION_GROUP } from '../../../../api/coordination/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { validateLease, validateLeaseUpdate } from './validation.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';

export const leaseStrategy: ResourceStrategy<Lease> = validatingStrategy({ validate: validateLease, validateUpdate: validateLeaseUpdate, allowCreateOnUpdate: false });

export function leasesDeclaration() {
  return {
    group: COORDINATION_GROUP,
    version: 'v1',
    kind: 'Lease',
    listKind: 'LeaseList',
    plural: 'leases',
    singular: 'lease',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: COORDINATION_GROUP, resource: 'leases' },
    storageVersion: { group: COORDINATION_GROUP, version: 'v1', kind: 'Lease' },
    strategy: leaseStrategy,
    toStored: (lease: Lease) => lease,
    fromStored: (lease: Lease) => cloneJson(lease),
    fieldSet: (lease: Lease) => objectMetaFieldSet(lease.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: nameAgeTable<Lease>(
      [{ name: 'Holder', type: 'string', format: '', priority: 0, description: 'The identity of the current holder of the lease.' }],
      (lease) => [lease.spec?.holderIdentity ?? ''],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.coordination.v1.Lease',
    schema: kindSchema('io.orch.api.coordination.v1.Lease'),
    protobuf: true,
  } satisfies ResourceDeclaration<Lease, Lease>;
}
