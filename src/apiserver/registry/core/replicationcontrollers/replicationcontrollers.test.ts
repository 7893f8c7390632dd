// ReplicationController and PodTemplate strategies at unit level: defaults from the template,
// ValidateReplicationController's causes, generation on spec changes, status only via /status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PodTemplate, ReplicationController } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { defaultReplicationController, replicationControllerStatusStrategy, replicationControllerStrategy } from './strategy.ts';
import { podTemplateStrategy } from '../podtemplates/strategy.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);

function rc(spec: Record<string, unknown>, labels?: Record<string, string>): ReplicationController {
  return { metadata: { name: 'front', namespace: 'default', generation: 1, resourceVersion: '3', ...(labels ? { labels } : {}) }, spec } as unknown as ReplicationController;
}

const template = (labels: Record<string, string>, spec: Record<string, unknown> = {}) => ({ metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx' }], ...spec } });

test('defaults: one replica, selector and labels from the template\'s labels, the template\'s pod spec', () => {
  const r = defaultReplicationController(rc({ template: template({ app: 'front' }) }));
  assert.deepEqual([r.spec!.replicas, r.spec!.selector, r.metadata.labels], [1, { app: 'front' }, { app: 'front' }]);
  assert.equal(r.spec!.template!.spec!.restartPolicy, 'Always');
  const kept = defaultReplicationController(rc({ replicas: 0, selector: { app: 'x' }, template: template({ app: 'x', v: '1' }) }, { team: 'a' }));
  assert.deepEqual([kept.spec!.replicas, kept.spec!.selector, kept.metadata.labels], [0, { app: 'x' }, { team: 'a' }]);
});

test('a create starts with an empty status and validates', () => {
  const r = rc({ template: template({ app: 'front' }) });
  r.status = { replicas: 5 };
  replicationControllerStrategy.prepareForCreate(r);
  assert.deepEqual(r.status, { replicas: 0 });
  assert.deepEqual(replicationControllerStrategy.validate(r), []);
});

test('ValidateReplicationController: selector, template labels, restart policy, deadlines, counts', () => {
  const r = rc({ replicas: -2, minReadySeconds: -1, selector: { app: 'a' }, template: template({ app: 'b' }, { restartPolicy: 'OnFailure', activeDeadlineSeconds: 10 }) });
  replicationControllerStrategy.prepareForCreate(r);
  assert.deepEqual(lines(replicationControllerStrategy.validate(r)), [
    'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0',
    'spec.replicas: Invalid value: -2: must be greater than or equal to 0',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"b"}: `selector` does not match template `labels`',
    'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported',
  ]);
});

test('the main resource keeps the status and bumps the generation on a spec change; /status keeps the spec', () => {
  const old = rc({ template: template({ app: 'front' }) });
  replicationControllerStrategy.prepareForCreate(old);
  const next = structuredClone(old);
  next.spec!.replicas = 4;
  next.status = { replicas: 9 };
  replicationControllerStrategy.prepareForUpdate(next, old);
  assert.deepEqual([next.metadata.generation, next.status], [2, { replicas: 0 }]);
  const sameSpec = structuredClone(old);
  sameSpec.metadata.labels = { other: 'x' };
  replicationControllerStrategy.prepareForUpdate(sameSpec, old);
  assert.equal(sameSpec.metadata.generation, 1);
  const status = structuredClone(old);
  status.spec!.replicas = 7;
  status.status = { replicas: 1, readyReplicas: 2 };
  replicationControllerStatusStrategy.prepareForUpdate(status, old);
  assert.equal(status.spec!.replicas, 1);
  assert.deepEqual(lines(replicationControllerStatusStrategy.validateUpdate(status, old)), ['status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas']);
});

test('a pod template is defaulted, validated at template.*, and its generation follows the template', () => {
  const tpl = { metadata: { name: 't', namespace: 'default', generation: 1, resourceVersion: '2' }, template: template({ app: 'x' }) } as unknown as PodTemplate;
  podTemplateStrategy.prepareForCreate(tpl);
  assert.equal(tpl.template!.spec!.dnsPolicy, 'ClusterFirst');
  assert.deepEqual(podTemplateStrategy.validate(tpl), []);
  const next = structuredClone(tpl);
  next.template!.spec!.containers[0]!.image = 'nginx:2';
  podTemplateStrategy.prepareForUpdate(next, tpl);
  assert.equal(next.metadata.generation, 2);
  const bad = structuredClone(tpl);
  bad.template!.metadata = { labels: { 'bad key': 'v' } };
  bad.template!.spec!.containers = [];
  const got = lines(podTemplateStrategy.validate(bad));
  assert.ok(got.some((l) => l.startsWith('template.labels: Invalid value: "bad key"')), got.join('\n'));
  assert.ok(got.includes('template.spec.containers: Required value'), got.join('\n'));
});
