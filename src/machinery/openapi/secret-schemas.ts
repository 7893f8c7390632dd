// core/v1 Secret and ServiceAccount definitions (and their lists), described in our own words.
// kubectl reads them for client-side validation and `kubectl explain`. Field numbers are
// Kubernetes' (k8s.io/api core/v1 generated.proto).

import { CORE_V1, META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { bool, object, refArray, refProp, str, stringMap, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, listSchema } from './list-schema.ts';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;


const list = (d: Dialect, kind: string, item: string, doc: string): Schema => listSchema(d, { item: core(item), group: '', kind, doc });

export function secretSchemas(d: Dialect): Record<string, Schema> {
  return {
    [core('Secret')]: object(
      'Secret holds sensitive data, such as passwords, keys and tokens, up to 1 MiB in total.',
      {
        apiVersion: str(apiVersionDoc),
        data: tag(2, { additionalProperties: { format: 'byte', type: 'string' }, description: 'The secret values by key, base64 encoded. Keys consist of alphanumerics, "-", "_" or ".".', type: 'object' }),
        immutable: tag(5, bool('When true, data can no longer change; only metadata may be updated, and the secret can only be deleted and recreated.')),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
        stringData: tag(4, stringMap('Write-only values given as plain text, merged into data on write (overriding data keys of the same name) and never returned.')),
        type: tag(3, str('What the secret holds, which decides the keys it must have (Opaque by default).')),
      },
      { gvk: [{ group: '', kind: 'Secret', version: 'v1' }] },
    ),
    [core('SecretList')]: list(d, 'SecretList', 'Secret', 'A list of secrets.'),
    [core('LocalObjectReference')]: object('A reference to an object in the same namespace, by name.', { name: tag(1, str('Name of the referent.', { default: '' })) }, { extra: { 'x-kubernetes-map-type': 'atomic' } }),
    [core('ServiceAccount')]: object(
      'ServiceAccount is an identity for processes, with the credentials they present to the API server.',
      {
        apiVersion: str(apiVersionDoc),
        automountServiceAccountToken: tag(4, bool('Whether pods running as this account get an API token mounted by default.')),
        imagePullSecrets: tag(3, refArray(d, core('LocalObjectReference'), 'Secrets in the same namespace used to pull images for pods running as this account.', { 'x-kubernetes-list-type': 'atomic' })),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
        secrets: tag(2, refArray(d, core('ObjectReference'), 'Secrets in the same namespace that pods running as this account may use.', { 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' })),
      },
      { gvk: [{ group: '', kind: 'ServiceAccount', version: 'v1' }] },
    ),
    [core('ServiceAccountList')]: list(d, 'ServiceAccountList', 'ServiceAccount', 'A list of service accounts.'),
  };
}
