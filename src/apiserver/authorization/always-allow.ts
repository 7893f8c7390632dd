import type { Authorizer } from './types.ts';

/** --authorization-mode AlwaysAllow. */
export function alwaysAllowAuthorizer(): Authorizer {
  return { authorize: () => ({ decision: 'allow', reason: '' }) };
}
