// core/v1 Secret as JSON on the wire: `data` values are base64, `stringData` is write-only.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface Secret {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  /** Key to base64 of the value. */
  data?: Record<string, string>;
  /** Key to plain text; merged into data on write, never stored or returned. */
  stringData?: Record<string, string>;
  type?: string;
  immutable?: boolean;
  [field: string]: unknown;
}

/** The types Kubernetes defines, brand swapped; the kubernetes.io spellings kubectl sends are accepted too. */
export const SecretType = {
  Opaque: 'Opaque',
  ServiceAccountToken: 'orch.io/service-account-token',
  Dockercfg: 'orch.io/dockercfg',
  DockerConfigJson: 'orch.io/dockerconfigjson',
  BasicAuth: 'orch.io/basic-auth',
  SSHAuth: 'orch.io/ssh-auth',
  TLS: 'orch.io/tls',
  BootstrapToken: 'bootstrap.orch.io/token',
} as const;

export const SecretKeys = {
  dockercfg: '.dockercfg',
  dockerConfigJson: '.dockerconfigjson',
  username: 'username',
  password: 'password',
  sshPrivateKey: 'ssh-privatekey',
  tlsCert: 'tls.crt',
  tlsKey: 'tls.key',
} as const;

/** Kubernetes' MaxSecretSize: the decoded values together. */
export const MAX_SECRET_SIZE = 1024 * 1024;
