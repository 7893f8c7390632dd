// authentication.orch.io/v1 TokenRequest, the body of POST .../serviceaccounts/{name}/token.
// kubectl sends it as authentication.k8s.io/v1; both are the same type.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const TOKEN_REQUEST_API_VERSIONS = ['authentication.orch.io/v1', 'authentication.k8s.io/v1'] as const;
export type TokenRequestApiVersion = (typeof TOKEN_REQUEST_API_VERSIONS)[number];

export interface BoundObjectReference {
  kind?: string;
  apiVersion?: string;
  name?: string;
  uid?: string;
}

export interface TokenRequestSpec {
  audiences?: string[];
  /** Defaults to 3600; at least 600. */
  expirationSeconds?: number;
  boundObjectRef?: BoundObjectReference | null;
}

export interface TokenRequestStatus {
  token: string;
  expirationTimestamp: string;
}

export interface TokenRequest {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: TokenRequestSpec;
  status?: TokenRequestStatus;
}

/** Kubernetes' defaulting of spec.expirationSeconds. */
export const DEFAULT_TOKEN_EXPIRATION_SECONDS = 3600;
/** The shortest lifetime a client may ask for (10 minutes). */
export const MIN_TOKEN_EXPIRATION_SECONDS = 600;
/** The longest (2^32 seconds). */
export const MAX_TOKEN_EXPIRATION_SECONDS = 2 ** 32;
