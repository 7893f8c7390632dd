import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventTableColumns, eventTableRow } from './table.ts';
import { decodeCoreEvent, decodeEventV1 } from './testing/decode.ts';

test('columns as kubectl shows them, wide ones at priority 1', () => {
  assert.deepEqual(
    eventTableColumns.map((c) => `${c.name}:${c.priority}`),
    ['Last Seen:0', 'Type:0', 'Reason:0', 'Object:0', 'Subobject:1', 'Source:1', 'Message:0', 'First Seen:1', 'Count:1', 'Name:1'],
  );
  assert.equal(eventTableColumns.find((c) => c.name === 'Name')!.format, 'name');
});

const now = new Date('2026-11-22T06:00:00Z');

test('a new-style event: times from eventTime and series, source from reporting fields', () => {
  const ev = decodeEventV1({
    metadata: { name: 'web.1', namespace: 'a' },
    eventTime: '2026-11-22T05:00:00.000000Z',
    series: { count: 5, lastObservedTime: '2026-11-22T05:55:00.000000Z' },
    reportingController: 'orch.io/scheduler',
    reportingInstance: 'sched-1',
    action: 'Binding',
    reason: 'Scheduled',
    regarding: { kind: 'Pod', name: 'web', namespace: 'a' },
    note: ' assigned \n',
    type: 'Normal',
  });
  assert.deepEqual(eventTableRow(ev, now), ['5m', 'Normal', 'Scheduled', 'pod/web', '', 'orch.io/scheduler, sched-1', 'assigned', '60m', 5, 'web.1']);
  const single = { ...ev };
  delete single.series;
  assert.deepEqual(eventTableRow(single, now).slice(0, 1).concat(eventTableRow(single, now)[8]), ['60m', 1]);
});

test('an old-style event: first/last timestamps and count; unknown when unset', () => {
  const ev = decodeCoreEvent({
    metadata: { name: 'n.1', namespace: 'default' },
    involvedObject: { kind: 'Node' },
    reason: 'Starting',
    message: 'x',
    source: { component: 'kubelet', host: 'n1' },
    firstTimestamp: '2026-11-20T03:00:00Z',
    lastTimestamp: '2026-11-22T05:59:30Z',
    count: 12,
    type: 'Warning',
  });
  assert.deepEqual(eventTableRow(ev, now), ['30s', 'Warning', 'Starting', 'node', '', 'kubelet, n1', 'x', '2d3h', 12, 'n.1']);
  const noTimes = { ...ev, firstTimestamp: null, lastTimestamp: null };
  assert.equal(eventTableRow(noTimes, now)[0], '<unknown>');
  assert.equal(eventTableRow(noTimes, now)[7], '<unknown>');
});
