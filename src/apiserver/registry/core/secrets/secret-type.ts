// Secret types by meaning. orch names them `orch.io/...`; kubectl hard-codes the Kubernetes names
// (`create secret tls` sends `kubernetes.io/tls`), so both spellings get the same checks and the
// type is stored as it was sent.
import { SecretType } from '../../../../api/core/v1/secret-types.ts';

export type SecretKind = 'opaque' | 'service-account-token' | 'dockercfg' | 'dockerconfigjson' | 'basic-auth' | 'ssh-auth' | 'tls' | 'bootstrap-token' | 'other';

const BY_TYPE: Record<string, SecretKind> = {
  [SecretType.Opaque]: 'opaque',
  '': 'opaque',
  [SecretType.BootstrapToken]: 'bootstrap-token',
  'bootstrap.kubernetes.io/token': 'bootstrap-token',
};
for (const kind of ['service-account-token', 'dockercfg', 'dockerconfigjson', 'basic-auth', 'ssh-auth', 'tls'] as const) {
  BY_TYPE[`orch.io/${kind}`] = kind;
  BY_TYPE[`kubernetes.io/${kind}`] = kind;
}

export function secretKind(type: string | undefined): SecretKind {
  return BY_TYPE[type ?? ''] ?? 'other';
}

/** The annotation naming the service account of a token secret, in the brand of its type. */
export function serviceAccountNameAnnotation(type: string | undefined): string {
  return type?.startsWith('kubernetes.io/') ? 'kubernetes.io/service-account.name' : 'orch.io/service-account.name';
}
