// coordination.orch.io/v1beta1 LeaseCandidate (also v1alpha2, the same shape over the same
// objects): namespaced; NAME LEASENAME BINARYVERSION EMULATIONVERSION AGE. Both versions are
// served only when --runtime-config turns them on.
import { COORDINATION_GROUP } from '../../../../api/coordination/v1/types.ts';
import type { LeaseCandidate } from '../../../../api/coordination/v1beta1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { validateLeaseCandidate, validateLeaseCandidateUpdate } from './validation.ts';

export function leaseCandidatesDeclaration() {
  return {
    group: COORDINATION_GROUP,
    version: 'v1beta1',
    kind: 'LeaseCandidate',
    listKind: 'LeaseCandidateList',
    plural: 'leasecandidates',
    singular: 'leasecandidate',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: COORDINATION_GROUP, resource: 'leasecandidates' },
    storageVersion: { group: COORDINATION_GROUP, version: 'v1beta1', kind: 'LeaseCandidate' },
    strategy: validatingStrategy<LeaseCandidate>({ validate: validateLeaseCandidate, validateUpdate: validateLeaseCandidateUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.coordination.v1beta1.LeaseCandidate'),
    toStored: (lc: LeaseCandidate) => lc,
    fromStored: (lc: LeaseCandidate) => cloneJson(lc),
    fieldSet: (lc: LeaseCandidate) => objectMetaFieldSet(lc.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: nameAgeTable<LeaseCandidate>(
      [
        { name: 'LeaseName', type: 'string', format: '', priority: 0, description: 'The Lease the candidate contends for.' },
        { name: 'BinaryVersion', type: 'string', format: '', priority: 0, description: 'The candidate\'s binary version.' },
        { name: 'EmulationVersion', type: 'string', format: '', priority: 0, description: 'The candidate\'s emulation version.' },
      ],
      (lc) => [lc.spec?.leaseName ?? '', lc.spec?.binaryVersion ?? '', lc.spec?.emulationVersion ?? ''],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.coordination.v1beta1.LeaseCandidate',
    protobuf: true,
  } satisfies ResourceDeclaration<LeaseCandidate, LeaseCandidate>;
}
