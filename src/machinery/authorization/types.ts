// The authorizer seam: each mode answers allow, deny or no opinion for a request's attributes;
// a union asks them in --authorization-mode order.
import type { FieldTerm } from '../selectors/fields.ts';

/** Who a request is from, as authentication found it (user.Info in Kubernetes). */
export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export interface Attributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  path: string;
  namespace: string;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  subresource: string;
  name: string;
  /** The request's field selector (list, watch, deletecollection), when it parses. */
  fieldSelector?: readonly FieldTerm[];
}

export type Decision = 'allow' | 'deny' | 'noOpinion';

export interface AuthorizerResult {
  decision: Decision;
  /** Appended to the Forbidden message when the request is denied. */
  reason: string;
}

export interface Authorizer {
  authorize(attrs: Attributes): Promise<AuthorizerResult> | AuthorizerResult;
}
