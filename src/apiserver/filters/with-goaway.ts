// --goaway-chance: after a fraction of HTTP/2 responses the connection is sent GOAWAY (open
// streams finish), so clients behind a load balancer reconnect elsewhere.
import type { Handler } from '../../component-base/serving/request-context.ts';

export function withGoaway(handler: Handler, deps: { chance: number; random?: () => number }): Handler {
  if (!(deps.chance > 0)) return handler;
  const random = deps.random ?? Math.random;
  return (req, res) => {
    if ('stream' in req && random() < deps.chance) {
      const session = req.stream.session;
      res.once('finish', () => {
        if (session && !session.closed && !session.destroyed) session.close();
      });
    }
    return handler(req, res);
  };
}
