// The protobuf codec on the hot paths client-go and kubectl events use: a get (one Event), a
// list (500 Events, each with managedFields) and watch frames, encoded and decoded in process.
// Figures are the best of several rounds, so a busy machine skews them less.
import { decodeProtobuf, encodeProtobuf } from '../src/machinery/codecs/protobuf.ts';
import { decodeProtobufWatchFrames, encodeWatchFrame } from '../src/machinery/codecs/watch-frame.ts';
import { eventObject, round } from './support.ts';

const ROUNDS = 7;

function withManagedFields(obj: Record<string, unknown>): Record<string, unknown> {
  const metadata = obj['metadata'] as Record<string, unknown>;
  return {
    ...obj,
    metadata: {
      ...metadata,
      resourceVersion: '12345',
      labels: { app: 'web' },
      managedFields: [{ manager: 'bench', operation: 'Update', apiVersion: 'events.orch.io/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:note': {}, 'f:type': {} } }],
    },
  };
}

/** Best microseconds per call of `fn` over ROUNDS rounds of `iterations` calls. */
function bestUs(iterations: number, fn: () => void): number {
  for (let i = 0; i < Math.min(iterations, 200); i++) fn();
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / iterations);
  }
  return round(best, 2);
}

export function benchProtobufCodec(): Record<string, number> {
  const event = withManagedFields(eventObject('default', 'e-1') as unknown as Record<string, unknown>);
  const core = { ...event, apiVersion: 'v1', involvedObject: event['regarding'], message: event['note'], count: 1, firstTimestamp: '2026-01-01T00:00:00Z', lastTimestamp: '2026-01-01T00:00:00Z', source: { component: 'bench' } };
  const items = Array.from({ length: 500 }, (_, i) => withManagedFields(eventObject('default', `e-${i}`) as unknown as Record<string, unknown>));
  const list = { apiVersion: 'events.orch.io/v1', kind: 'EventList', metadata: { resourceVersion: '99' }, items };
  const eventBytes = encodeProtobuf(event);
  const coreBytes = encodeProtobuf(core);
  const listBytes = encodeProtobuf(list);
  const frame = encodeWatchFrame('application/vnd.orch.protobuf', { type: 'ADDED', object: event });
  return {
    'encode Event (us/op)': bestUs(20000, () => encodeProtobuf(event)),
    'decode Event (us/op)': bestUs(20000, () => decodeProtobuf(eventBytes)),
    'encode core Event (us/op)': bestUs(20000, () => encodeProtobuf(core)),
    'decode core Event (us/op)': bestUs(20000, () => decodeProtobuf(coreBytes)),
    'encode EventList of 500 (us/op)': bestUs(40, () => encodeProtobuf(list)),
    'decode EventList of 500 (us/op)': bestUs(40, () => decodeProtobuf(listBytes)),
    'encode watch frame (us/op)': bestUs(20000, () => encodeWatchFrame('application/vnd.orch.protobuf', { type: 'ADDED', object: event })),
    'decode watch frame (us/op)': bestUs(20000, () => decodeProtobufWatchFrames(frame)),
  };
}

if (import.meta.main) {
  for (const [figure, value] of Object.entries(benchProtobufCodec())) console.log(`${figure}: ${value}`);
}
