// core v1 Secret (/api/v1 secrets): stored as served, under /registry/secrets/.
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { toStatusCauses } from '../../../../machinery/validation/field-error.ts';
import { ALL_VERBS, type ResourceDeclaration, type ResourceStrategy } from '../../resource.ts';
import { normalizeSecret } from './normalize.ts';
import { secretTableColumns, secretTableRow } from './table.ts';
import { validateSecret, validateSecretUpdate } from './validation.ts';
import { secretWarnings } from './warnings.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';

export const secretStrategy: ResourceStrategy<Secret> = {
  // Patches and applies reach the strategy without the decoder, so stringData is merged here too.
  prepareForCreate: (obj) => void normalizeSecret(obj),
  prepareForUpdate: (obj) => void normalizeSecret(obj),
  validate: (obj) => toStatusCauses(validateSecret(obj)),
  validateUpdate: (obj, old) => toStatusCauses(validateSecretUpdate(obj, old)),
  warningsOnCreate: secretWarnings,
  warningsOnUpdate: (obj) => secretWarnings(obj),
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const SECRET_SELECTABLE_FIELDS = ['metadata.name', 'metadata.namespace', 'type'] as const;

export function secretsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Secret',
    listKind: 'SecretList',
    plural: 'secrets',
    singular: 'secret',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'secrets' },
    storageVersion: { group: '', version: 'v1', kind: 'Secret' },
    strategy: secretStrategy,
    decode: (raw) => normalizeSecret(raw as Secret),
    toStored: (obj) => obj,
    fromStored: (obj) => cloneJson(obj),
    fieldSet: (obj) => ({ ...objectMetaFieldSet(obj.metadata, true), type: obj.type ?? '' }),
    allowedFieldSelectors: [...SECRET_SELECTABLE_FIELDS],
    table: { columns: secretTableColumns, row: (obj) => secretTableRow(obj) },
    verbs: ALL_VERBS,
    protobuf: true,
    openapiDefinition: 'io.orch.api.core.v1.Secret',
    schema: kindSchema('io.orch.api.core.v1.Secret'),
  } satisfies ResourceDeclaration<Secret, Secret>;
}
