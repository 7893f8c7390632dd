import type { Authorizer } from '../../machinery/authorization/types.ts';

/** Members of these groups (system:masters) are allowed everything, before any mode is asked. */
export function privilegedGroupsAuthorizer(groups: string[]): Authorizer {
  const privileged = new Set(groups);
  return {
    authorize: (attrs) => ({
      decision: attrs.user.groups.some((g) => privileged.has(g)) ? 'allow' : 'noOpinion',
      reason: '',
    }),
  };
}
