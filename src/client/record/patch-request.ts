// PATCH through a REST client with a patch media type of the caller's choice (strategic merge,
// merge, apply). The client's own encoder always labels bodies application/json, so patches are
// sent on its transport directly, still paced by its QPS bucket.
import type { RestClient } from '../rest/client.ts';
import { decodeResponseBody } from '../rest/codec.ts';
import { statusErrorFromResponse } from '../rest/errors.ts';
import { readAll } from '../rest/transport.ts';

export type PatchType = 'application/strategic-merge-patch+json' | 'application/merge-patch+json' | 'application/json-patch+json' | 'application/apply-patch+yaml';

export async function patchRequest<T>(client: RestClient, path: string, patchType: PatchType, body: string | object, signal?: AbortSignal): Promise<T> {
  await client.rateLimiter.accept(signal);
  const data = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const res = await client.transport.send({
    method: 'PATCH',
    path,
    headers: { 'content-type': patchType, accept: 'application/json', 'user-agent': client.options.userAgent ?? 'orch-controller-manager' },
    body: data,
    signal,
  });
  const answer = await readAll(res);
  const code = res.statusCode ?? 0;
  if (code >= 200 && code < 300) return decodeResponseBody(res.headers['content-type'], answer) as T;
  throw statusErrorFromResponse(code, res.headers['content-type'], answer, `patch ${path.split('?')[0]}`);
}
