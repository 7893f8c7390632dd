// The orchconfig file (Kubernetes' kubeconfig, apiVersion v1, kind Config): named clusters,
// users and contexts, and the current context.

export interface OrchconfigCluster {
  server?: string;
  'certificate-authority'?: string;
  'certificate-authority-data'?: string;
  'insecure-skip-tls-verify'?: boolean;
  'tls-server-name'?: string;
}

export interface OrchconfigUser {
  token?: string;
  tokenFile?: string;
  'client-certificate'?: string;
  'client-certificate-data'?: string;
  'client-key'?: string;
  'client-key-data'?: string;
  username?: string;
  password?: string;
}

export interface OrchconfigContext {
  cluster: string;
  user?: string;
  namespace?: string;
}

export interface Orchconfig {
  apiVersion?: string;
  kind?: string;
  clusters?: Array<{ name: string; cluster: OrchconfigCluster }>;
  users?: Array<{ name: string; user: OrchconfigUser }>;
  contexts?: Array<{ name: string; context: OrchconfigContext }>;
  'current-context'?: string;
}

/** What a REST client needs to reach and authenticate to the server, with file contents read. */
export interface ConnectionConfig {
  /** https://host:port with an optional path prefix, no trailing slash. */
  host: string;
  caData?: Buffer;
  insecureSkipTLSVerify?: boolean;
  serverName?: string;
  bearerToken?: string;
  /** Re-read on each request, as client-go re-reads a rotated token file. */
  bearerTokenFile?: string;
  certData?: Buffer;
  keyData?: Buffer;
  username?: string;
  password?: string;
  namespace?: string;
}
