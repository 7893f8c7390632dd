import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../machinery/status.ts';
import { containerLogsQuery, decodeLogOptions, logOptionsFor } from './log-options.ts';

function statusOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    assert.ok(isStatusError(err));
    return err.status;
  }
  assert.fail('expected a StatusError');
}

const q = (s: string) => new URLSearchParams(s);

test('options pass to the agent in Go url.Values order, bools as true', () => {
  const opts = logOptionsFor(q('container=c&follow=true&timestamps=1&tailLines=10&limitBytes=500&previous=false'), 'p');
  assert.equal(opts.container, 'c');
  assert.equal(containerLogsQuery(opts), 'follow=true&limitBytes=500&tailLines=10&timestamps=true');
  assert.equal(containerLogsQuery(logOptionsFor(q(''), 'p')), '');
  assert.equal(containerLogsQuery(logOptionsFor(q('sinceSeconds=60&previous=yes'), 'p')), 'previous=true&sinceSeconds=60');
});

test('sinceTime is read as RFC 3339 and passed on in UTC whole seconds', () => {
  assert.equal(decodeLogOptions(q('sinceTime=2024-05-01T10:00:00.75%2B02:00')).sinceTime, '2024-05-01T08:00:00Z');
  assert.equal(containerLogsQuery(decodeLogOptions(q('sinceTime=2024-05-01T10:00:00Z'))), 'sinceTime=2024-05-01T10%3A00%3A00Z');
});

test('values that do not convert are 400s with Go conversion errors', () => {
  const lines = statusOf(() => logOptionsFor(q('tailLines=ten'), 'p'));
  assert.deepEqual({ code: lines.code, message: lines.message }, { code: 400, message: 'strconv.ParseInt: parsing "ten": invalid syntax' });
  const time = statusOf(() => logOptionsFor(q('sinceTime=yesterday'), 'p'));
  assert.equal(time.code, 400);
  assert.equal(time.message, 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"');
});

test('ValidatePodLogOptions: 422 PodLogOptions with the field causes', () => {
  const negative = statusOf(() => logOptionsFor(q('tailLines=-1&limitBytes=0&sinceSeconds=0'), 'web'));
  assert.equal(negative.code, 422);
  assert.equal(negative.reason, 'Invalid');
  assert.equal(
    negative.message,
    'PodLogOptions "web" is invalid: [tailLines: Invalid value: -1: must be greater than or equal to 0, limitBytes: Invalid value: 0: must be greater than 0, sinceSeconds: Invalid value: 0: must be greater than 0]',
  );
  assert.deepEqual(
    negative.details?.causes?.map((c) => c.field),
    ['tailLines', 'limitBytes', 'sinceSeconds'],
  );
  const both = statusOf(() => logOptionsFor(q('sinceSeconds=5&sinceTime=2024-01-01T00:00:00Z'), 'web'));
  assert.equal(both.code, 422);
  assert.match(both.message ?? '', /at most one of `sinceTime` or `sinceSeconds` may be specified/);
  // tailLines=0 is allowed: no lines.
  assert.equal(logOptionsFor(q('tailLines=0'), 'web').tailLines, 0);
});
