// --cors-allowed-origins: an allowed Origin gets Kubernetes' CORS headers; a preflight OPTIONS is
// answered here with 204. Patterns are regular expressions, required to be anchored.
import type { Handler } from '../../component-base/serving/request-context.ts';

const ALLOWED_METHODS = ['POST', 'GET', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'];
const ALLOWED_HEADERS = ['Content-Type', 'Content-Length', 'Accept-Encoding', 'X-CSRF-Token', 'Authorization', 'X-Requested-With', 'If-Modified-Since'];
const EXPOSED_HEADERS = ['Date'];

/** Compiles the patterns; each must start with ^ or // and end with $ or :, as Kubernetes requires. */
export function compileOriginPatterns(patterns: string[]): RegExp[] {
  return patterns.map((p) => {
    if (!(p.startsWith('^') || p.startsWith('//')) || !(p.endsWith('$') || p.endsWith(':'))) {
      throw new Error(`--cors-allowed-origins: ${JSON.stringify(p)} is not anchored: start it with ^ or // and end it with $ or :`);
    }
    try {
      return new RegExp(p);
    } catch (err) {
      throw new Error(`--cors-allowed-origins: ${JSON.stringify(p)} is not a valid regular expression: ${(err as Error).message}`);
    }
  });
}

export function withCORS(handler: Handler, deps: { allowedOrigins: RegExp[] }): Handler {
  if (deps.allowedOrigins.length === 0) return handler;
  return (req, res) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === '' || !deps.allowedOrigins.some((re) => re.test(origin))) return handler(req, res);
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS.join(', '));
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    return handler(req, res);
  };
}
