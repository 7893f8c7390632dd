// What admission adds to the response and the audit event of the request it runs in: Warning
// headers and audit annotations. The REST handler runs inside the scope, so plugins reach the
// request without it being threaded through the registry.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Handler, Request, Response } from '../../component-base/serving/request-context.ts';
import { addAuditAnnotation } from '../audit/request-audit.ts';
import { setWarnings } from '../../component-base/serving/responses.ts';

interface Scope {
  req: Request;
  res: Response;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `handler` in the request's admission scope. Warnings the REST layer adds later go after
 * admission's (setWarnings merges them). The response is not wrapped: a function put on each
 * response kept whole finished requests alive through young-generation collections, to be promoted.
 */
export function withAdmissionRequestScope(handler: Handler): Handler {
  return (req, res) => {
    const scope: Scope = { req, res };
    return scopes.run(scope, () => handler(req, res));
  };
}

/** Adds a Warning header to the current request's response (deduplicated, as Kubernetes does). */
export function addAdmissionWarning(text: string): void {
  const scope = scopes.getStore();
  if (scope) setWarnings(scope.res, [text]);
}

export function addAdmissionAuditAnnotation(key: string, value: string): void {
  const scope = scopes.getStore();
  if (scope) addAuditAnnotation(scope.req, key, value);
}
