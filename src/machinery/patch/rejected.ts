// Kubernetes answers a patch that cannot be applied with a generic 422; the one cause says what
// failed.
import { invalidRequest, type StatusError } from '../status.ts';

export function patchRejected(detail: string): StatusError {
  return invalidRequest('the server rejected our request due to an error in our request', [{ message: detail }]);
}
