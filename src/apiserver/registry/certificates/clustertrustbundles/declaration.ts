// certificates.orch.io/v1beta1 ClusterTrustBundle: cluster-scoped, selected by spec.signerName;
// NAME SIGNERNAME table (Kubernetes prints no age for it). Beta: served only when
// --runtime-config turns certificates.orch.io/v1beta1 on and the ClusterTrustBundle gate is on.
import type { ClusterTrustBundle } from '../../../../api/certificates/v1beta1/types.ts';
import { CERTIFICATES_GROUP } from '../../../../api/certificates/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { validateClusterTrustBundle, validateClusterTrustBundleUpdate } from './validation.ts';

export function clusterTrustBundlesDeclaration() {
  return {
    group: CERTIFICATES_GROUP,
    version: 'v1beta1',
    kind: 'ClusterTrustBundle',
    listKind: 'ClusterTrustBundleList',
    plural: 'clustertrustbundles',
    singular: 'clustertrustbundle',
    shortNames: [],
    categories: [],
    namespaced: false,
    featureGates: ['ClusterTrustBundle'],
    storageResource: { group: CERTIFICATES_GROUP, resource: 'clustertrustbundles' },
    storageVersion: { group: CERTIFICATES_GROUP, version: 'v1beta1', kind: 'ClusterTrustBundle' },
    strategy: validatingStrategy<ClusterTrustBundle>({ validate: validateClusterTrustBundle, validateUpdate: validateClusterTrustBundleUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.certificates.v1beta1.ClusterTrustBundle'),
    toStored: (bundle: ClusterTrustBundle) => bundle,
    fromStored: (bundle: ClusterTrustBundle) => cloneJson(bundle),
    fieldSet: (bundle: ClusterTrustBundle) => ({ ...objectMetaFieldSet(bundle.metadata, false), 'spec.signerName': bundle.spec?.signerName ?? '' }),
    allowedFieldSelectors: ['metadata.name', 'spec.signerName'],
    table: {
      columns: [NAME_COLUMN, { name: 'SignerName', type: 'string', format: '', priority: 0, description: 'The signer whose anchors the bundle holds, if any.' }],
      row: (bundle: ClusterTrustBundle) => [bundle.metadata.name ?? '', bundle.spec?.signerName ?? ''],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.certificates.v1beta1.ClusterTrustBundle',
    protobuf: true,
  } satisfies ResourceDeclaration<ClusterTrustBundle, ClusterTrustBundle>;
}
