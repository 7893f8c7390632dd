// The authentication and authorization steps in front of a component's own handler: 401 for a
// credential that is refused, 403 with Kubernetes' wording for a request not allowed, 500 when the
// authorization review could not be made.
import { forbiddenMessage, unauthorized } from '../../machinery/status.ts';
import { writeStatus } from '../serving/responses.ts';
import { AuthenticationError, type RequestAuthenticator } from '../authentication/types.ts';
import type { Handler } from '../serving/request-context.ts';
import { klog } from '../logs/klog.ts';
import { reportInternalError } from '../logs/internal-error.ts';
import type { DelegatedAuthorizer } from './authorization.ts';

const log = klog('delegated/filter');

/** Kubernetes' wording for a non-resource request nobody authorized. */
export function forbiddenPathMessage(user: string, verb: string, path: string, reason = ''): string {
  return `forbidden: User ${JSON.stringify(user)} cannot ${verb} path ${JSON.stringify(path)}${reason ? `: ${reason}` : ''}`;
}

export function withDelegatedAuth(inner: Handler, authenticator: RequestAuthenticator, authorizer: DelegatedAuthorizer): Handler {
  return async (req, res) => {
    let user;
    try {
      user = (await authenticator.authenticate(req))?.user;
    } catch (err) {
      if (!(err instanceof AuthenticationError)) throw err;
      log.info('Unable to authenticate the request', { err: err.message }, 4);
      writeStatus(req, res, unauthorized());
      return;
    }
    if (!user) {
      writeStatus(req, res, unauthorized());
      return;
    }
    const path = new URL(req.url ?? '/', 'https://localhost').pathname;
    const verb = (req.method ?? 'GET').toLowerCase();
    const decision = await authorizer.authorize({ user, verb, path });
    if (decision.allowed) return inner(req, res);
    if (decision.error) {
      writeStatus(req, res, reportInternalError(log, 'Authorization could not be decided', decision.error, { user: user.name, verb, path }));
      return;
    }
    log.info('Forbidden', { user: user.name, verb, path, reason: decision.reason }, 4);
    writeStatus(req, res, forbiddenMessage(forbiddenPathMessage(user.name, verb, path, decision.reason)));
  };
}
