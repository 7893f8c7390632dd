import type { Authorizer } from '../../machinery/authorization/types.ts';

/** --authorization-mode AlwaysDeny: no opinion with a reason, so a later mode could still allow. */
export function alwaysDenyAuthorizer(): Authorizer {
  return { authorize: () => ({ decision: 'noOpinion', reason: 'Everything is forbidden.' }) };
}
