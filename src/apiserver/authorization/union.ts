import type { Authorizer, AuthorizerResult } from './types.ts';

/** The first allow or deny wins; when all have no opinion their reasons are joined. */
export function unionAuthorizer(authorizers: Authorizer[]): Authorizer {
  return {
    async authorize(attrs) {
      const reasons: string[] = [];
      for (const authorizer of authorizers) {
        const result: AuthorizerResult = await authorizer.authorize(attrs);
        if (result.decision !== 'noOpinion') return result;
        if (result.reason) reasons.push(result.reason);
      }
      return { decision: 'noOpinion', reason: reasons.join('\n') };
    },
  };
}
