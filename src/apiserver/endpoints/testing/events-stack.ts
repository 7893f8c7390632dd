// For tests and benchmarks: the Event resources over a real SQLite store in a temp dir, as an
// apiHandler for the real server (startTestApiserver's deps.apiHandler).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKv } from '../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../storage/store.ts';
import { codecFor } from '../../../storage/codecs/index.ts';
import type { Store } from '../../../storage/interface.ts';
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { Handler } from '../../../component-base/serving/request-context.ts';
import { eventResources, eventsOpenApiSchemas } from '../../registry/events/declarations.ts';
import { buildApiHandler, type ApiHandlerOptions } from '../installer.ts';

export interface EventsStack {
  apiHandler: Handler;
  store: Store<CoreEvent>;
  close(): Promise<void>;
}

export async function openEventsStack(opts: { ttlSeconds?: number; openapi?: ApiHandlerOptions['openapi']; mediaType?: string } = {}): Promise<EventsStack> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-events-'));
  const kv = await openSqliteKv(join(dir, 'db.sqlite'));
  const store = createStore<CoreEvent>({ kv, codec: codecFor(opts.mediaType ?? 'application/json'), groupResource: { group: '', resource: 'events' } });
  const handlerOpts: ApiHandlerOptions = { resources: eventResources(store, { ttlSeconds: opts.ttlSeconds ?? 0, storeName: 'sqlite' }) };
  handlerOpts.openapi = opts.openapi ?? eventsOpenApiSchemas();
  return {
    apiHandler: buildApiHandler(handlerOpts),
    store,
    async close() {
      await store.close();
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
