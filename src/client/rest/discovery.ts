// Whether the server serves a resource, from its group-version discovery document.
import { isNotFound } from '../../machinery/status.ts';
import type { RestClient } from './client.ts';
import type { GroupVersionResource } from './resource.ts';

export async function servesResource(client: RestClient, gvr: GroupVersionResource, signal?: AbortSignal): Promise<boolean> {
  const path = gvr.group === '' ? `/api/${gvr.version}` : `/apis/${gvr.group}/${gvr.version}`;
  try {
    const list = await client.request<{ resources?: Array<{ name: string }> }>({ path, signal, contentType: 'application/json' });
    return (list.resources ?? []).some((r) => r.name === gvr.resource);
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}
