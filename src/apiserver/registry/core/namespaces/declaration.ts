// core/v1 Namespace: cluster-scoped, short name ns, with /status and /finalize. Deleting marks
// it Terminating while spec.finalizers (the namespace controller's) or metadata.finalizers remain.
import type { Namespace } from '../../../../api/core/v1/namespace-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { namespaceFinalizeStrategy, namespaceStatusStrategy, namespaceStrategy } from './strategy.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';

const same = (ns: Namespace) => ns;

export function namespacesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Namespace',
    listKind: 'NamespaceList',
    plural: 'namespaces',
    singular: 'namespace',
    shortNames: ['ns'],
    categories: [],
    namespaced: false,
    storageResource: { group: '', resource: 'namespaces' },
    storageVersion: { group: '', version: 'v1', kind: 'Namespace' },
    strategy: namespaceStrategy,
    toStored: same,
    fromStored: (ns: Namespace) => cloneJson(ns),
    fieldSet: (ns: Namespace) => ({ ...objectMetaFieldSet(ns.metadata, false), 'status.phase': ns.status?.phase ?? '' }),
    allowedFieldSelectors: ['metadata.name', 'status.phase'],
    table: nameAgeTable<Namespace>(
      [{ name: 'Status', type: 'string', format: '', priority: 0, description: 'The phase of the namespace: Active, or Terminating once deleted.' }],
      (ns) => [ns.status?.phase ?? ''],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.Namespace',
    schema: kindSchema('io.orch.api.core.v1.Namespace'),
    protobuf: true,
    deletion: {
      hasPendingFinalizers: (ns: Namespace) => (ns.spec?.finalizers ?? []).length > 0,
      markDeleting: (ns: Namespace) => {
        ns.status = { ...ns.status, phase: 'Terminating' };
      },
    },
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: namespaceStatusStrategy },
      finalize: { verbs: ['update'], strategy: namespaceFinalizeStrategy },
    },
  } satisfies ResourceDeclaration<Namespace, Namespace>;
}
