// Kubernetes 1.35 (AuthorizePodWebsocketUpgradeCreatePermission, on by default): exec, attach and
// port-forward open an interactive session, which takes the create permission on the
// subresource. SPDY clients POST and were authorized as create already; a WebSocket handshake is
// a GET, authorized as get, so it is asked again as create and refused with RBAC's 403 when not.
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { attributesFor, forbiddenError } from '../../../filters/with-authorization.ts';
import type { ConnectRequest } from '../../generic/context.ts';

/** The server's authorizer, once built; undefined skips the check (no authorizer to ask). */
export type AuthorizerSource = () => Authorizer | undefined;

export async function requireCreate(request: ConnectRequest, authorizer: AuthorizerSource | undefined): Promise<void> {
  if (request.verb === 'create') return;
  const decider = authorizer?.();
  if (!decider) return;
  const attrs = { ...attributesFor(request.req), verb: 'create' };
  const result = await decider.authorize(attrs);
  if (result.decision !== 'allow') throw forbiddenError(attrs, result.reason);
}
