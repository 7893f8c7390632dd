import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueueSet, type QueuedRequest } from './queue-set.ts';
import { dealHand, flowHash } from './shuffle-sharding.ts';

test('a hand holds distinct queues of the deck and is the same for the same flow', () => {
  for (let h = 0; h < 200; h++) {
    const hand = dealHand(flowHash('fs', `user-${h}`), 64, 8);
    assert.equal(new Set(hand).size, 8);
    assert.ok(hand.every((c) => c >= 0 && c < 64));
  }
  assert.deepEqual(dealHand(flowHash('fs', 'alice'), 64, 8), dealHand(flowHash('fs', 'alice'), 64, 8));
  assert.deepEqual(dealHand(12345, 4, 4).sort(), [0, 1, 2, 3]);
});

test('a full queue refuses; fair queuing alternates between a heavy and a light flow', () => {
  let now = 0;
  const qs = new QueueSet({ queues: 8, handSize: 1, queueLengthLimit: 3 }, () => now);
  const heavy = flowHash('fs', 'heavy');
  let light = flowHash('fs', 'light');
  for (let i = 0; dealHand(light, 8, 1)[0] === dealHand(heavy, 8, 1)[0]; i++) light = flowHash('fs', `light-${i}`);
  const req = (hash: number, tag: string): QueuedRequest & { tag: string } => ({ hash, enqueuedAt: now, tag });
  for (let i = 0; i < 3; i++) assert.ok(qs.enqueue(req(heavy, 'heavy')));
  assert.equal(qs.enqueue(req(heavy, 'heavy')), false, 'the heavy flow’s queue is full');
  assert.ok(qs.enqueue(req(light, 'light')));
  assert.ok(qs.enqueue(req(light, 'light')));
  const order: string[] = [];
  for (let r = qs.dispatchNext(); r; r = qs.dispatchNext()) {
    order.push((r as QueuedRequest & { tag: string }).tag);
    now += 0.1;
    qs.finish(r, 0.1);
  }
  assert.deepEqual(order.slice(0, 4).sort(), ['heavy', 'heavy', 'light', 'light'], `served ${order.join(',')}`);
  assert.equal(qs.waiting, 0);
});

test('a removed request is not dispatched', () => {
  const qs = new QueueSet({ queues: 1, handSize: 1, queueLengthLimit: 5 }, () => 0);
  const a: QueuedRequest = { hash: 1, enqueuedAt: 0 };
  const b: QueuedRequest = { hash: 1, enqueuedAt: 0 };
  qs.enqueue(a);
  qs.enqueue(b);
  qs.remove(a);
  assert.equal(qs.dispatchNext(), b);
  assert.equal(qs.dispatchNext(), undefined);
});
