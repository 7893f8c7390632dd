import type { Authorizer } from '../../machinery/authorization/types.ts';

/** --authorization-mode AlwaysAllow. */
export function alwaysAllowAuthorizer(): Authorizer {
  return { authorize: () => ({ decision: 'allow', reason: '' }) };
}
