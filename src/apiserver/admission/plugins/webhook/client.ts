// POSTs a review (AdmissionReview, ConversionReview) to a webhook over HTTPS, trusting its
// caBundle (or the system roots without one), within the webhook's timeout. A url is called as it
// is; a service reference is resolved as the aggregator resolves services (an ExternalName's
// host, the cluster IP, or with endpoint routing a ready endpoint), and its certificate must name
// <service>.<namespace>.svc, as Kubernetes checks it. With an egress selector whose cluster
// selection names a proxy, the connection is tunnelled through it; the request carries the
// W3C trace context of the request being admitted when tracing is on.
import { request } from 'node:https';
import type { WebhookClientConfig } from '../../../../api/admissionregistration/v1/types.ts';
import { hostPort, ResolveError, type ServiceResolver } from '../../../aggregator/resolver.ts';
import type { EgressDialer } from '../../../egress/selector.ts';
import { httpsConnectionOver } from '../../../egress/https-over.ts';
import { outgoingTraceHeaders } from '../../../tracing/trace-headers.ts';

export class WebhookCallError extends Error {}

const MAX_RESPONSE_BYTES = 3 * 1024 * 1024;

/** The URL to call and the name its certificate must carry. */
async function destination(cc: WebhookClientConfig, resolve: ServiceResolver | undefined): Promise<{ url: URL; servername?: string }> {
  if (cc.url) return { url: new URL(cc.url) };
  const s = cc.service;
  if (!s || !resolve) throw new WebhookCallError(`service reference ${s?.namespace ?? ''}/${s?.name ?? ''} cannot be resolved: services are not served`);
  try {
    const endpoint = await resolve(s.namespace, s.name, s.port ?? 443);
    const path = s.path ? (s.path.startsWith('/') ? s.path : `/${s.path}`) : '';
    return { url: new URL(`https://${hostPort(endpoint)}${path}`), servername: `${s.name}.${s.namespace}.svc` };
  } catch (err) {
    if (err instanceof ResolveError) throw new WebhookCallError(`failed to call webhook: ${err.message}`);
    throw err;
  }
}

export async function postReview(cc: WebhookClientConfig, review: unknown, timeoutSeconds: number, resolve?: ServiceResolver, dial?: EgressDialer): Promise<unknown> {
  const { url, servername } = await destination(cc, resolve);
  url.searchParams.set('timeout', `${timeoutSeconds}s`);
  const target = url.toString();
  const body = JSON.stringify(review);
  const ca = cc.caBundle ? Buffer.from(cc.caBundle, 'base64').toString('utf8') : undefined;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new WebhookCallError(`failed to call webhook: Post ${JSON.stringify(target)}: ${why}`));
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(body), ...outgoingTraceHeaders() },
        ...(ca ? { ca } : {}),
        ...(servername ? { servername } : {}),
        agent: false,
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
        ...httpsConnectionOver(dial),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_RESPONSE_BYTES) req.destroy(new Error('response too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
            reject(new WebhookCallError(`failed to call webhook: an error on the server (${JSON.stringify(text.slice(0, 200))}) has prevented the request from succeeding`));
            return;
          }
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new WebhookCallError('received invalid webhook response: the response is not JSON'));
          }
        });
        res.on('error', (err) => fail(err.message));
      },
    );
    req.on('error', (err: Error & { code?: string }) => fail(err.name === 'AbortError' || err.name === 'TimeoutError' || err.code === 'ABORT_ERR' ? 'context deadline exceeded' : err.message));
    req.end(body);
  });
}
