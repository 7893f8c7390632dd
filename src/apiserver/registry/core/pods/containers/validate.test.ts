import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateContainers, validateEphemeralContainers, validateInitContainers } from './index.ts';
import { container, context, lines } from './test-fixtures.ts';

const P = 'spec.containers';

test('a defaulted container is valid; the list must not be empty', () => {
  assert.deepEqual(validateContainers([container()], P, context()), []);
  assert.deepEqual(lines(validateContainers([], P, context())), ['FieldValueRequired spec.containers: Required value']);
  assert.deepEqual(lines(validateContainers(undefined, P, context())), ['FieldValueRequired spec.containers: Required value']);
});

test('names are required DNS labels, unique across the lists; images are required and unpadded', () => {
  assert.deepEqual(lines(validateContainers([container({ name: '' })], P, context())), ['FieldValueRequired spec.containers[0].name: Required value']);
  assert.deepEqual(lines(validateContainers([container({ name: 'App_1' })], P, context())), [
    'FieldValueInvalid spec.containers[0].name: Invalid value: "App_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
  ]);
  assert.deepEqual(lines(validateContainers([container(), container()], P, context())), ['FieldValueDuplicate spec.containers[1].name: Duplicate value: "app"']);
  assert.deepEqual(lines(validateInitContainers([container()], 'spec.initContainers', context({ otherNames: new Set(['app']) }))), [
    'FieldValueDuplicate spec.initContainers[0].name: Duplicate value: "app"',
  ]);
  const noImage = container();
  delete noImage.image;
  assert.deepEqual(lines(validateContainers([noImage], P, context())), ['FieldValueRequired spec.containers[0].image: Required value']);
  assert.deepEqual(lines(validateContainers([container({ image: ' nginx' })], P, context())), [
    'FieldValueInvalid spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace',
  ]);
});

test('termination message and pull policies take their listed values', () => {
  assert.deepEqual(lines(validateContainers([container({ terminationMessagePolicy: 'Log', imagePullPolicy: 'Sometimes' })], P, context())), [
    'FieldValueNotSupported spec.containers[0].terminationMessagePolicy: Unsupported value: "Log": supported values: "File", "FallbackToLogsOnError"',
    'FieldValueNotSupported spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
  ]);
  const raw = { name: 'app', image: 'nginx' };
  assert.deepEqual(lines(validateContainers([raw], P, context())), [
    'FieldValueRequired spec.containers[0].terminationMessagePolicy: Required value',
    'FieldValueRequired spec.containers[0].imagePullPolicy: Required value',
  ]);
});

test('ports: numbers in range, known protocols, unique IANA names, free host ports, host network', () => {
  const c = container({
    ports: [
      { containerPort: 0, protocol: 'TCP' },
      { containerPort: 70000, hostPort: -1, protocol: 'HTTP', name: 'Web' },
      { containerPort: 80, protocol: 'TCP', name: 'web' },
      { containerPort: 81, protocol: 'TCP', name: 'web' },
    ],
  });
  assert.deepEqual(lines(validateContainers([c], P, context())), [
    'FieldValueRequired spec.containers[0].ports[0].containerPort: Required value',
    'FieldValueInvalid spec.containers[0].ports[1].name: Invalid value: "Web": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'FieldValueInvalid spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'FieldValueInvalid spec.containers[0].ports[1].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive',
    'FieldValueNotSupported spec.containers[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    'FieldValueDuplicate spec.containers[0].ports[3].name: Duplicate value: "web"',
  ]);
  const a = container({ name: 'a', ports: [{ containerPort: 80, hostPort: 8080 }] });
  const b = container({ name: 'b', ports: [{ containerPort: 81, hostPort: 8080 }, { containerPort: 81, hostPort: 8080, protocol: 'UDP' }] });
  assert.deepEqual(lines(validateContainers([a, b], P, context())), ['FieldValueDuplicate spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"']);
  assert.deepEqual(lines(validateContainers([container({ ports: [{ containerPort: 80, hostPort: 8080 }] })], P, context({ hostNetwork: true }))), [
    'FieldValueInvalid spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true',
  ]);
  assert.deepEqual(validateContainers([container({ ports: [{ containerPort: 80, hostPort: 80 }] })], P, context({ hostNetwork: true })), []);
});

test('init containers: probes and hooks only for sidecars, each checked alone for host ports', () => {
  const P0 = 'spec.initContainers';
  const plain = container({ name: 'init', livenessProbe: { exec: { command: ['true'] } }, lifecycle: { preStop: { sleep: { seconds: 1 } } } });
  assert.deepEqual(lines(validateInitContainers([plain], P0, context())), [
    'FieldValueForbidden spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always',
    'FieldValueForbidden spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
  ]);
  const sidecar = container({ name: 'proxy', restartPolicy: 'Always', startupProbe: { exec: { command: ['true'] } } });
  assert.deepEqual(validateInitContainers([sidecar], P0, context()), []);
  const ports = container({ name: 'init', ports: [{ containerPort: 1, hostPort: 9 }, { containerPort: 2, hostPort: 9 }] });
  assert.deepEqual(lines(validateInitContainers([container({ name: 'first' }), ports], P0, context())), [
    'FieldValueDuplicate spec.initContainers[0].ports[1].hostPort: Duplicate value: "TCP//9"',
  ]);
  assert.deepEqual(validateInitContainers(undefined, P0, context()), []);
});

test('restart policies and rules', () => {
  const rule = { action: 'Restart', exitCodes: { operator: 'In', values: [42] } };
  assert.deepEqual(validateContainers([container({ restartPolicy: 'Never', restartPolicyRules: [rule] })], P, context()), []);
  assert.deepEqual(lines(validateContainers([container({ restartPolicyRules: [rule] })], P, context())), [
    'FieldValueRequired spec.containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used',
  ]);
  const bad = container({ restartPolicy: 'Sometimes', restartPolicyRules: [{ action: 'Stop', exitCodes: { operator: 'Is' } }, { action: 'Restart' }] });
  assert.deepEqual(lines(validateContainers([bad], P, context())), [
    'FieldValueNotSupported spec.containers[0].restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnFailure"',
    'FieldValueNotSupported spec.containers[0].restartPolicyRules[0].action: Unsupported value: "Stop": supported values: "Restart"',
    'FieldValueNotSupported spec.containers[0].restartPolicyRules[0].exitCodes.operator: Unsupported value: "Is": supported values: "In", "NotIn"',
    'FieldValueRequired spec.containers[0].restartPolicyRules[1].exitCodes: Required value: must be specified',
  ]);
  const many = container({ restartPolicy: 'Never', restartPolicyRules: Array.from({ length: 21 }, () => rule) });
  assert.deepEqual(lines(validateContainers([many], P, context())), ['FieldValueTooMany spec.containers[0].restartPolicyRules: Too many: 21: must have at most 20 items']);
  const sidecar = container({ name: 'proxy', restartPolicy: 'Always', restartPolicyRules: [rule] });
  assert.deepEqual(lines(validateInitContainers([sidecar], 'spec.initContainers', context())), [
    'FieldValueForbidden spec.initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always',
  ]);
});

test('ephemeral containers: unique names, a known target, no workload fields, no sub-paths', () => {
  const E = 'spec.ephemeralContainers';
  const ctx = context({ otherNames: new Set(['app']) });
  const ok = { ...container({ name: 'debug', volumeMounts: [{ name: 'data', mountPath: '/data' }] }), targetContainerName: 'app' };
  assert.deepEqual(validateEphemeralContainers([ok], E, ctx), []);
  const bad = {
    ...container({ name: 'app', ports: [], resources: { limits: { cpu: '1' } }, readinessProbe: { exec: { command: ['true'] } }, volumeMounts: [{ name: 'data', mountPath: '/d', subPath: 'x' }] }),
    targetContainerName: 'nope',
  };
  assert.deepEqual(lines(validateEphemeralContainers([bad], E, ctx)), [
    'FieldValueDuplicate spec.ephemeralContainers[0].name: Duplicate value: "app"',
    'FieldValueNotFound spec.ephemeralContainers[0].targetContainerName: Not found: "nope"',
    'FieldValueForbidden spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container',
    'FieldValueForbidden spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container',
    'FieldValueForbidden spec.ephemeralContainers[0].readinessProbe: Forbidden: cannot be set for an Ephemeral Container',
    'FieldValueForbidden spec.ephemeralContainers[0].volumeMounts[0].subPath: Forbidden: cannot be set for an Ephemeral Container',
  ]);
});
