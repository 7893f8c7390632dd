// Names the user of a request. A presented but invalid credential, or no user at all when
// anonymous authentication is off, is answered 401 Unauthorized.
import { unauthorized } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { AuthenticationError, type Authenticated, type AuthResult, type RequestAuthenticator } from '../../component-base/authentication/types.ts';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';

const log = klog('filters/authentication');

export function withAuthentication(handler: Handler, deps: { authenticator: RequestAuthenticator }): Handler {
  return (req, res) => {
    const refuse = (err: unknown): void => {
      if (!(err instanceof AuthenticationError)) throw err;
      log.info('Unable to authenticate the request', { err: err.message, path: req.url }, 4);
      writeStatus(req, res, unauthorized());
    };
    const proceed = (result: AuthResult | null): void | Promise<void> => {
      if (!result) {
        writeStatus(req, res, unauthorized());
        return;
      }
      requestContext(req).user = result.user;
      return handler(req, res);
    };
    let result: Authenticated;
    try {
      result = deps.authenticator.authenticate(req);
    } catch (err) {
      return refuse(err);
    }
    // Most requests are answered from a cache at once; a promise only when the answer needs waiting for.
    return result instanceof Promise ? result.then(proceed, refuse) : proceed(result);
  };
}
