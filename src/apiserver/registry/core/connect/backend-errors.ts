// A node agent's failed answer to a log request, passed on as Kubernetes' response checker does:
// any status outside 200-206 becomes a Status, its body (up to 50,000 bytes) kept as the message
// of a 400 or 500 and as the server message of the rest.
import { badRequest, genericServerResponse, internalError, type GroupResource, type StatusError } from '../../../../machinery/status.ts';

/** The most of an error body Kubernetes reads. */
export const MAX_ERROR_BODY = 50_000;

export function isSuccessfulBackendStatus(code: number): boolean {
  return code >= 200 && code <= 206;
}

export function backendFailure(code: number, body: string, gr: GroupResource, name: string): StatusError {
  if (code === 500) return internalError(body);
  if (code === 400) return badRequest(body);
  return genericServerResponse(code, '', gr, name, body);
}
