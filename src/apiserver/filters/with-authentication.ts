// Names the user of a request. A presented but invalid credential, or no user at all when
// anonymous authentication is off, is answered 401 Unauthorized.
import { unauthorized } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { AuthenticationError, type RequestAuthenticator } from '../authentication/types.ts';
import { requestContext, type Handler } from '../server/request-context.ts';
import { writeStatus } from '../server/responses.ts';

const log = klog('filters/authentication');

export function withAuthentication(handler: Handler, deps: { authenticator: RequestAuthenticator }): Handler {
  return async (req, res) => {
    let result;
    try {
      result = await deps.authenticator.authenticate(req);
    } catch (err) {
      if (!(err instanceof AuthenticationError)) throw err;
      log.info('Unable to authenticate the request', { err: err.message, path: req.url }, 4);
      writeStatus(req, res, unauthorized());
      return;
    }
    if (!result) {
      writeStatus(req, res, unauthorized());
      return;
    }
    requestContext(req).user = result.user;
    return handler(req, res);
  };
}
