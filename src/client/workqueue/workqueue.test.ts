import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, settle } from '../clock/fake-clock.ts';
import { WorkQueue } from './queue.ts';
import { DelayingQueue } from './delaying-queue.ts';
import { RateLimitingQueue } from './rate-limiting-queue.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, defaultControllerRateLimiter } from './rate-limiters.ts';

test('an item queued twice is handed out once', async () => {
  const q = new WorkQueue<string>();
  q.add('a');
  q.add('b');
  q.add('a');
  assert.equal(q.len(), 2);
  assert.deepEqual(await q.get(), { item: 'a', shutdown: false });
  assert.deepEqual(await q.get(), { item: 'b', shutdown: false });
  assert.equal(q.len(), 0);
});

test('an item added while processed is not handed to a second worker, and is requeued on done', async () => {
  const q = new WorkQueue<string>();
  q.add('a');
  const first = await q.get();
  q.add('a');
  q.add('a');
  assert.equal(q.len(), 0, 'not queued while processing');
  let second: string | undefined;
  void q.get().then((r) => (second = r.item));
  await settle();
  assert.equal(second, undefined, 'no second worker gets it');
  q.done(first.item!);
  await settle();
  assert.equal(second, 'a');
});

test('shutdown wakes idle workers; ShutDownWithDrain waits for items in flight; adds after shutdown are dropped', async () => {
  const q = new WorkQueue<string>();
  q.add('x');
  const x = await q.get();
  const idle = q.get();
  let drained = false;
  const drain = q.shutDownWithDrain().then(() => (drained = true));
  assert.deepEqual(await idle, { item: undefined, shutdown: true });
  q.add('late');
  assert.equal(q.len(), 0);
  await settle();
  assert.equal(drained, false, 'x is still being processed');
  q.done(x.item!);
  await drain;
  assert.equal(drained, true);
});

test('shutdown still hands out items queued before it', async () => {
  const q = new WorkQueue<number>();
  q.add(1);
  q.add(2);
  q.shutDown();
  assert.deepEqual(await q.get(), { item: 1, shutdown: false });
  assert.deepEqual(await q.get(), { item: 2, shutdown: false });
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
});

test('the delaying queue adds an item when its delay passes; the earliest delay wins', async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue<string>(clock);
  q.addAfter('a', 100);
  q.addAfter('b', 50);
  q.addAfter('a', 30);
  q.addAfter('a', 500);
  assert.equal(q.len(), 0);
  await clock.step(29);
  assert.equal(q.len(), 0);
  await clock.step(1);
  assert.equal(q.len(), 1);
  assert.equal((await q.get()).item, 'a');
  await clock.step(20);
  assert.equal((await q.get()).item, 'b');
  await clock.step(1000);
  assert.equal(q.len(), 0, 'the later delays of a were dropped');
  q.addAfter('now', 0);
  assert.equal(q.len(), 1);
  q.shutDown();
  assert.equal(clock.pending(), 0);
});

test('per-item back-off doubles from 5 ms and stops at 1000 s; forget resets it', () => {
  const limiter = new ItemExponentialFailureRateLimiter<string>(5, 1_000_000);
  const delays = Array.from({ length: 10 }, () => limiter.when('a'));
  assert.deepEqual(delays, [5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560]);
  for (let i = 0; i < 30; i++) limiter.when('a');
  assert.equal(limiter.when('a'), 1_000_000);
  assert.equal(limiter.numRequeues('a'), 41);
  assert.equal(limiter.when('b'), 5, 'items back off independently');
  limiter.forget('a');
  assert.equal(limiter.when('a'), 5);
});

test('the overall bucket allows a burst of 100 then 10 a second', () => {
  const clock = new FakeClock();
  const bucket = new BucketRateLimiter<number>(10, 100, clock);
  for (let i = 0; i < 100; i++) assert.equal(bucket.when(i), 0);
  assert.equal(bucket.when(100), 100);
  assert.equal(bucket.when(101), 200);
});

test('the default controller rate limiter is the larger of both', () => {
  const clock = new FakeClock();
  const limiter = defaultControllerRateLimiter<string>(clock);
  assert.equal(limiter.when('a'), 5);
  assert.equal(limiter.when('a'), 10);
  for (let i = 0; i < 98; i++) limiter.when(`x${i}`);
  // The bucket is empty now: the next new item waits for the bucket, not its own 5 ms.
  assert.equal(limiter.when('fresh'), 100);
});

test('the rate-limited queue requeues with growing delays and forgets on success', async () => {
  const clock = new FakeClock();
  const q = new RateLimitingQueue<string>(clock, new ItemExponentialFailureRateLimiter(5, 1000));
  const attempts: number[] = [];
  for (let i = 0; i < 4; i++) {
    q.addRateLimited('item');
    const start = clock.now();
    while (q.len() === 0) await clock.step(1);
    attempts.push(clock.now() - start);
    const got = await q.get();
    q.done(got.item!);
  }
  assert.deepEqual(attempts, [5, 10, 20, 40]);
  assert.equal(q.numRequeues('item'), 4);
  q.forget('item');
  assert.equal(q.numRequeues('item'), 0);
  q.shutDown();
});
