// An unexpected error under a handler (here a store that fails in its own words) is a 500 whose
// body names only a correlation id; the log line carries the id and the real error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from './testing/serve.ts';
import { widgetDeclaration } from './testing/widgets.ts';
import { configureLogging } from '../../component-base/logs/klog.ts';
import type { ApiObject, Store } from '../../storage/interface.ts';

const RAW = 'SQLITE_IOERR: disk I/O error reading /var/lib/orch/db.sqlite page 7';
const lines: string[] = [];
let srv: TestServer;

/** The store as it is, but every get fails with an error that is no storage code. */
function failingGets(store: Store<ApiObject>): Store<ApiObject> {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'get') return async () => Promise.reject(new Error(RAW));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

before(async () => {
  configureLogging({ sink: { write: (_severity, line) => void lines.push(line) } });
  srv = await startTestServer((store) => [{ declaration: widgetDeclaration(), store: failingGets(store), storeName: 'sqlite' }]);
});
after(async () => {
  await srv.close();
  configureLogging({ sink: { write: (_severity, line) => void process.stderr.write(line) } });
});

test('a 500 carries the correlation id and not the raw message; the log line carries both', async () => {
  lines.length = 0;
  const r = await srv.request('GET', '/apis/test.orch.io/v1/namespaces/ns1/widgets/a');
  assert.equal(r.status, 500);
  assert.equal(r.json.kind, 'Status');
  assert.equal(r.json.reason, 'InternalError');
  assert.equal(r.json.code, 500);
  const id = /^Internal error occurred: an internal error occurred \(correlation id ([0-9a-f-]{36})\)$/.exec(r.json.message)?.[1];
  assert.ok(id, r.json.message);
  assert.ok(!r.text.includes('SQLITE') && !r.text.includes('/var/lib'), r.text);
  const logged = lines.filter((l) => l.startsWith('E') && l.includes(id));
  assert.equal(logged.length, 1, lines.join(''));
  assert.ok(logged[0]!.includes(RAW), logged[0]);
});
