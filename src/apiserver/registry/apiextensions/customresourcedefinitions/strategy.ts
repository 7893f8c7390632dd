// What a write may change on a CustomResourceDefinition, as Kubernetes' strategy decides: bodies
// get v1's defaults (singular and listKind from the kind, conversion None, webhook service port
// 443); a create starts at generation 1 with an empty status whose storedVersions holds the
// storage version; an update keeps the status, bumps the generation when the spec changes and adds
// a new storage version to storedVersions; /status keeps the spec, labels, annotations and owner
// references (finalizers do change there: the cleanup finalizer is let go through /status).
// Kubernetes 1.35 drops no disabled fields: every feature these fields belong to is GA.
import type { CustomResourceDefinition, CustomResourceDefinitionSpec, CustomResourceDefinitionStatus } from '../../../../api/apiextensions/v1/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { toCauses, validateCustomResourceDefinition, validateCustomResourceDefinitionStatusUpdate, validateCustomResourceDefinitionUpdate } from './validation.ts';

export const CRD_DEFINITION = 'io.orch.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition';

/** SetDefaults_CustomResourceDefinitionSpec and SetDefaults_ServiceReference. */
export function applySpecDefaults(spec: CustomResourceDefinitionSpec | undefined): void {
  if (!spec) return;
  const names = spec.names;
  if (names) {
    if (!names.singular) names.singular = (names.kind ?? '').toLowerCase();
    if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  }
  spec.conversion ??= { strategy: 'None' };
  const service = spec.conversion.webhook?.clientConfig?.service;
  if (service && service.port === undefined) service.port = 443;
}

/** The storage version appended to storedVersions unless already there. */
function withStorageVersion(crd: CustomResourceDefinition, status: CustomResourceDefinitionStatus): CustomResourceDefinitionStatus {
  const storage = (crd.spec?.versions ?? []).find((v) => v.storage);
  if (!storage || (status.storedVersions ?? []).includes(storage.name)) return status;
  return { ...status, storedVersions: [...(status.storedVersions ?? []), storage.name] };
}

const emptyStatus = (): CustomResourceDefinitionStatus => ({ conditions: [], acceptedNames: { plural: '', kind: '' }, storedVersions: [] });

export const customResourceDefinitionStrategy: ResourceStrategy<CustomResourceDefinition> = {
  prepareForCreate(crd) {
    applySpecDefaults(crd.spec);
    crd.metadata.generation = 1;
    crd.status = withStorageVersion(crd, emptyStatus());
  },
  prepareForUpdate(crd, old) {
    applySpecDefaults(crd.spec);
    crd.status = withStorageVersion(crd, structuredClone(old.status ?? emptyStatus()));
    crd.metadata.generation = old.metadata.generation ?? 1;
    if (!deepEqual(crd.spec, old.spec)) crd.metadata.generation++;
  },
  validate: (crd) => toCauses(validateCustomResourceDefinition(crd)),
  validateUpdate: (crd, old) => toCauses(validateCustomResourceDefinitionUpdate(crd, old)),
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: goEncoder(CRD_DEFINITION, 'v1.CustomResourceDefinition'),
  allowCreateOnUpdate: false,
  // Kubernetes refuses a PUT without resourceVersion for definitions.
  allowUnconditionalUpdate: false,
};

export const customResourceDefinitionStatusStrategy: ResourceStrategy<CustomResourceDefinition> = {
  ...customResourceDefinitionStrategy,
  prepareForCreate() {},
  prepareForUpdate(crd, old) {
    crd.spec = structuredClone(old.spec);
    const meta = crd.metadata;
    for (const key of ['labels', 'annotations', 'ownerReferences', 'generation'] as const) {
      if (old.metadata[key] === undefined) delete meta[key];
      else (meta as Record<string, unknown>)[key] = structuredClone(old.metadata[key]);
    }
  },
  validateUpdate: (crd, old) => toCauses(validateCustomResourceDefinitionStatusUpdate(crd, old)),
};
