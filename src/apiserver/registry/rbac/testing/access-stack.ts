// For tests and benchmarks: Events plus access control (RBAC kinds, review APIs, RBAC mode,
// bootstrap policy) over one real SQLite store in a temp dir, as deps for the real server.
import { withKubernetesGroupNames } from '../../generic/alias.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKv } from '../../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../../storage/store.ts';
import { codecFor } from '../../../../storage/codecs/index.ts';
import type { ApiObject, Store } from '../../../../storage/interface.ts';
import type { GroupResourceName } from '../../../../storage/keys.ts';
import type { CoreEvent } from '../../../../api/core/v1/event-types.ts';
import type { ServerDeps } from '../../../server/config.ts';
import { eventResources, eventsOpenApiSchemas } from '../../events/declarations.ts';
import { EVENTS_STORAGE } from '../../events/declaration-common.ts';
import { buildApiHandler } from '../../../endpoints/installer.ts';
import { buildAccessControl, type AccessControl } from '../access-control.ts';

export interface AccessStack {
  deps: ServerDeps;
  access: AccessControl;
  storeFor(gr: GroupResourceName): Store<ApiObject>;
  close(): Promise<void>;
}

export async function openAccessStack(opts: { dir?: string } = {}): Promise<AccessStack> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'orch-access-'));
  const kv = await openSqliteKv(join(dir, 'db.sqlite'));
  const stores = new Map<string, Store<ApiObject>>();
  const storeFor = (gr: GroupResourceName): Store<ApiObject> => {
    const id = `${gr.group}/${gr.resource}`;
    let s = stores.get(id);
    if (!s) stores.set(id, (s = createStore<ApiObject>({ kv, codec: codecFor('application/json'), groupResource: gr })));
    return s;
  };
  const access = buildAccessControl({ storeFor, storeName: 'sqlite' });
  const events = eventResources(storeFor(EVENTS_STORAGE.storageResource) as unknown as Store<CoreEvent>, { ttlSeconds: 0, storeName: 'sqlite' });
  const apiHandler = buildApiHandler({ resources: withKubernetesGroupNames([...events, ...access.resources]), openapi: eventsOpenApiSchemas() });
  return {
    deps: { apiHandler, ...access.serverDeps },
    access,
    storeFor,
    async close() {
      access.stop();
      await Promise.allSettled([...stores.values()].map((s) => s.close()));
      await kv.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
