// Impersonation (Impersonate-User and friends) is not built yet: requests pass through and act
// as the authenticated user. The slot exists so the chain keeps Kubernetes' order.
import type { Handler } from '../server/request-context.ts';

export function withImpersonation(handler: Handler): Handler {
  return handler;
}
