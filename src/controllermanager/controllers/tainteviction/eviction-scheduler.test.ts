import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node, Taint } from '../../../api/core/v1/node-types.ts';
import type { Pod, Toleration } from '../../../api/core/v1/pod-types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { EvictionScheduler } from './eviction-scheduler.ts';
import { disruptionTargetPatch } from './taint-eviction-controller.ts';
import { minTolerationMs } from './tolerations.ts';

const UNREACHABLE = { key: 'node.orch.io/unreachable', effect: 'NoExecute' };
const node = (taints: Taint[]): Node => ({ metadata: { name: 'n1' }, spec: { taints } });
const pod = (name: string, tolerations?: Toleration[]): Pod => ({ metadata: { name, namespace: 'ns', uid: `uid-${name}` }, spec: { nodeName: 'n1', containers: [], tolerations } });
const tolerate = (seconds?: number): Toleration[] => [{ key: UNREACHABLE.key, operator: 'Exists', effect: 'NoExecute', ...(seconds === undefined ? {} : { tolerationSeconds: seconds }) }];

function setup(pods: Pod[]) {
  const clock = new FakeClock();
  const evicted: string[] = [];
  const events: string[] = [];
  const scheduler = new EvictionScheduler({
    clock,
    recorder: { eventf: (_r, _rel, _type, reason, _action, note) => events.push(`${reason}: ${note}`) },
    podsOnNode: () => pods,
    evict: async (ns, name) => void evicted.push(`${ns}/${name}`),
  });
  return { clock, evicted, events, scheduler };
}

test('minimum toleration: none used is now, unset is for ever, the shortest otherwise', () => {
  assert.equal(minTolerationMs([]), 0);
  assert.equal(minTolerationMs(tolerate()), -1);
  assert.equal(minTolerationMs([...tolerate(30), ...tolerate(5)]), 5000);
  assert.equal(minTolerationMs([...tolerate(30), ...tolerate(0)]), 0);
});

test('untolerated pods go at once, tolerating ones after their seconds, forever ones stay', async () => {
  const { clock, evicted, events, scheduler } = setup([pod('bare'), pod('brief', tolerate(2)), pod('forever', tolerate())]);
  scheduler.nodeUpdated('n1', node([UNREACHABLE, { key: 'other', effect: 'NoSchedule' }]));
  await clock.step(0);
  assert.deepEqual(evicted, ['ns/bare']);
  await clock.step(1999);
  assert.deepEqual(evicted, ['ns/bare']);
  await clock.step(1);
  assert.deepEqual(evicted, ['ns/bare', 'ns/brief']);
  assert.deepEqual(events, ['TaintManagerEviction: Marking for deletion Pod ns/bare', 'TaintManagerEviction: Marking for deletion Pod ns/brief']);
});

test('a taint lifted before the time runs out cancels the eviction, with an event', async () => {
  const { clock, evicted, events, scheduler } = setup([pod('brief', tolerate(5))]);
  scheduler.nodeUpdated('n1', node([UNREACHABLE]));
  await clock.step(3000);
  scheduler.nodeUpdated('n1', node([]));
  await clock.step(10_000);
  assert.deepEqual(evicted, []);
  assert.deepEqual(events, ['TaintManagerEviction: Cancelling deletion of Pod ns/brief']);
});

test('a pod arriving on a tainted node is planned from its arrival; a pod deleted is forgotten', async () => {
  const { clock, evicted, scheduler } = setup([]);
  scheduler.nodeUpdated('n1', node([UNREACHABLE]));
  await clock.step(1000);
  scheduler.podUpdated(pod('late', tolerate(1)));
  scheduler.podUpdated(pod('gone', tolerate(1)));
  scheduler.podDeleted('ns/gone');
  await clock.step(1000);
  assert.deepEqual(evicted, ['ns/late']);
});

test('the DisruptionTarget condition is patched once, tied to the pod uid', () => {
  const p = pod('x');
  assert.deepEqual(disruptionTargetPatch(p, '2026-01-01T00:00:00Z'), {
    metadata: { uid: 'uid-x' },
    status: { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint', lastTransitionTime: '2026-01-01T00:00:00Z' }] },
  });
  p.status = { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' }] };
  assert.equal(disruptionTargetPatch(p, '2026-01-01T00:00:00Z'), undefined);
});
