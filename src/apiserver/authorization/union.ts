import type { Attributes, Authorizer, AuthorizerResult } from '../../machinery/authorization/types.ts';

/** The first allow or deny wins; when all have no opinion their reasons are joined. */
export function unionAuthorizer(authorizers: Authorizer[]): Authorizer {
  return { authorize: (attrs) => firstOpinion(authorizers, attrs, 0, []) };
}

/** Asks authorizers from `from` on in turn, waiting only on those that return a promise. */
function firstOpinion(authorizers: Authorizer[], attrs: Attributes, from: number, reasons: string[]): AuthorizerResult | Promise<AuthorizerResult> {
  for (let i = from; i < authorizers.length; i++) {
    const result = authorizers[i]!.authorize(attrs);
    if (result instanceof Promise) {
      const next = i + 1;
      return result.then((r) => (r.decision !== 'noOpinion' ? r : firstOpinion(authorizers, attrs, next, r.reason ? [...reasons, r.reason] : reasons)));
    }
    if (result.decision !== 'noOpinion') return result;
    if (result.reason) reasons.push(result.reason);
  }
  return { decision: 'noOpinion', reason: reasons.join('\n') };
}
