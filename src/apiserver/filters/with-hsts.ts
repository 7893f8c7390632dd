// --strict-transport-security-directives: one HSTS header on every response.
import type { Handler } from '../../component-base/serving/request-context.ts';

export function withHSTS(handler: Handler, deps: { directives: string[] }): Handler {
  if (deps.directives.length === 0) return handler;
  const value = deps.directives.join('; ');
  return (req, res) => {
    res.setHeader('Strict-Transport-Security', value);
    return handler(req, res);
  };
}
