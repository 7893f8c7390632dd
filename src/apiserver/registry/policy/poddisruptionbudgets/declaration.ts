// policy/v1 PodDisruptionBudget: namespaced, short name pdb, with /status. Selected by metadata
// only. The pods' eviction subresource reads these (see ./disruption-check.ts).
import type { PodDisruptionBudget } from '../../../../api/policy/v1/types.ts';
import { POLICY_GROUP, POLICY_VERSION } from '../../../../api/policy/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { podDisruptionBudgetStatusStrategy, podDisruptionBudgetStrategy } from './strategy.ts';
import { podDisruptionBudgetTable } from './table.ts';

export function podDisruptionBudgetsDeclaration() {
  return {
    ...servedAsStoredNames(POLICY_GROUP, POLICY_VERSION, 'PodDisruptionBudget', 'poddisruptionbudgets'),
    singular: 'poddisruptionbudget',
    shortNames: ['pdb'],
    categories: [],
    namespaced: true,
    strategy: podDisruptionBudgetStrategy,
    schema: kindSchema('io.orch.api.policy.v1.PodDisruptionBudget'),
    toStored: (pdb: PodDisruptionBudget) => pdb,
    fromStored: (pdb: PodDisruptionBudget) => cloneJson(pdb),
    fieldSet: (pdb: PodDisruptionBudget) => objectMetaFieldSet(pdb.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: podDisruptionBudgetTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.policy.v1.PodDisruptionBudget',
    protobuf: true,
    subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: podDisruptionBudgetStatusStrategy } },
  } satisfies ResourceDeclaration<PodDisruptionBudget, PodDisruptionBudget>;
}
