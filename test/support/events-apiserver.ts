// For the client machinery's tests: a real API server serving Events over a real SQLite store in a
// temp dir, with the key-value store exposed so a test can compact history (and so provoke 410).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKv } from '../../src/storage/kv/sqlite/index.ts';
import type { Kv } from '../../src/storage/kv/interface.ts';
import { createStore } from '../../src/storage/store.ts';
import { codecFor } from '../../src/storage/codecs/index.ts';
import type { CoreEvent } from '../../src/api/core/v1/event-types.ts';
import type { Handler } from '../../src/component-base/serving/request-context.ts';
import { eventResources, eventsOpenApiSchemas } from '../../src/apiserver/registry/events/declarations.ts';
import { buildApiHandler } from '../../src/apiserver/endpoints/installer.ts';
import type { ConnectionConfig } from '../../src/client/orchconfig/types.ts';

export interface EventsBackend {
  apiHandler: Handler;
  kv: Kv;
  close(): Promise<void>;
}

export async function openEventsBackend(): Promise<EventsBackend> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-client-events-'));
  const kv = await openSqliteKv(join(dir, 'db.sqlite'));
  const store = createStore<CoreEvent>({ kv, codec: codecFor('application/json'), groupResource: { group: '', resource: 'events' } });
  const apiHandler = buildApiHandler({ resources: eventResources(store, { ttlSeconds: 0, storeName: 'sqlite' }), openapi: eventsOpenApiSchemas() });
  return {
    apiHandler,
    kv,
    async close() {
      await store.close();
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A ConnectionConfig for a test server's URL, CA file and bearer token. */
export function connectionFor(server: { url: string; caFile: string; token?: string }): ConnectionConfig {
  return { host: server.url, caData: readFileSync(server.caFile), bearerToken: server.token };
}

/** An events.orch.io/v1 Event with the required fields. */
export function testEvent(name: string, note = 'hello', namespace = 'default'): Record<string, any> {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name, namespace },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/client-test',
    reportingInstance: 'client-test-1',
    action: 'Testing',
    reason: 'Tested',
    type: 'Normal',
    note,
    regarding: { kind: 'Pod', namespace, name: 'p1', apiVersion: 'v1' },
  };
}
