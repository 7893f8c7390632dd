// authentication.orch.io/v1 TokenReview and SelfSubjectReview as they are on the wire (the shapes
// of Kubernetes' authentication.k8s.io/v1).
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const GROUP = 'authentication.orch.io';
/** The name kubectl uses for this group. */
export const WIRE_ALIAS_GROUP = 'authentication.k8s.io';

export interface UserInfoV1 {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface TokenReview {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { token?: string; audiences?: string[] };
  status?: { authenticated?: boolean; user?: UserInfoV1; audiences?: string[]; error?: string };
  [field: string]: unknown;
}

export interface SelfSubjectReview {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  status?: { userInfo: UserInfoV1 };
  [field: string]: unknown;
}
