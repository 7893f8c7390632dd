import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { configureLogging, klog } from './klog.ts';
import { asStatusError, reportInternalError } from './internal-error.ts';
import { isInternalError, notFound } from '../../machinery/status.ts';

const lines: string[] = [];
configureLogging({ sink: { write: (_severity, line) => void lines.push(line) } });
after(() => configureLogging({ sink: { write: (_severity, line) => void process.stderr.write(line) } }));

const log = klog('test/internal-error');

test('an unexpected error is logged with a correlation id; the 500 names the id, not the error', () => {
  lines.length = 0;
  const err = reportInternalError(log, 'request failed', new Error('SQLITE_IOERR: disk I/O error at /var/lib/orch/db.sqlite'), { path: '/api/v1/pods' });
  assert.ok(isInternalError(err));
  assert.equal(err.status.code, 500);
  const id = /correlation id ([0-9a-f-]{36})\)$/.exec(err.status.message ?? '')?.[1];
  assert.ok(id, err.status.message);
  assert.doesNotMatch(JSON.stringify(err.status), /SQLITE|\/var\/lib/);
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^E/);
  assert.ok(lines[0]!.includes(`correlationID="${id}"`), lines[0]);
  assert.ok(lines[0]!.includes('SQLITE_IOERR: disk I/O error at /var/lib/orch/db.sqlite'), lines[0]);
  assert.ok(lines[0]!.includes('path="/api/v1/pods"'), lines[0]);
});

test('each report gets its own id', () => {
  const a = reportInternalError(log, 'x', 'a');
  const b = reportInternalError(log, 'x', 'b');
  assert.notEqual(a.status.message, b.status.message);
});

test('asStatusError passes a StatusError through without logging', () => {
  lines.length = 0;
  const nf = notFound({ group: '', resource: 'pods' }, 'p');
  assert.equal(asStatusError(log, 'x', nf), nf);
  assert.equal(lines.length, 0);
  assert.ok(isInternalError(asStatusError(log, 'x', new TypeError('boom'))));
  assert.equal(lines.length, 1);
});
