import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Container, EphemeralContainer } from '../../../../../api/core/v1/container-types.ts';
import { defaultContainer } from './defaults.ts';
import { imageTag } from './image-reference.ts';

test('the pull policy follows the image tag: latest or none means Always, anything else IfNotPresent', () => {
  const policy = (image: string | undefined) => {
    const c: Container = { name: 'c', ...(image === undefined ? {} : { image }) };
    defaultContainer(c);
    return c.imagePullPolicy;
  };
  assert.equal(policy('nginx'), 'Always');
  assert.equal(policy('nginx:latest'), 'Always');
  assert.equal(policy('registry.example.com:5000/team/app'), 'Always');
  assert.equal(policy('nginx:1.27'), 'IfNotPresent');
  assert.equal(policy(`nginx@sha256:${'a'.repeat(64)}`), 'IfNotPresent');
  assert.equal(policy(`nginx:latest@sha256:${'a'.repeat(64)}`), 'Always');
  assert.equal(policy('Nginx'), 'IfNotPresent', 'a reference that does not parse has no tag');
  assert.equal(policy(''), 'IfNotPresent');
  assert.equal(policy(undefined), 'IfNotPresent');
  const set: Container = { name: 'c', image: 'nginx', imagePullPolicy: 'Never' };
  defaultContainer(set);
  assert.equal(set.imagePullPolicy, 'Never');
});

test('image tags are read as the reference grammar reads them', () => {
  assert.equal(imageTag('localhost:5000/app'), 'latest');
  assert.equal(imageTag('localhost:5000/app:v2'), 'v2');
  assert.equal(imageTag('[::1]:5000/app:v2'), 'v2');
  assert.equal(imageTag('a'.repeat(64)), '');
  assert.equal(imageTag('app:'), '');
});

test('a container gets the termination message file and policy, TCP ports and v1 field selectors', () => {
  const c: Container = {
    name: 'c',
    image: 'app:1',
    ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }],
    env: [
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'FILE', valueFrom: { fileKeyRef: { volumeName: 'v', path: 'env', key: 'K' } } },
    ],
  };
  defaultContainer(c);
  assert.equal(c.terminationMessagePath, '/dev/termination-log');
  assert.equal(c.terminationMessagePolicy, 'File');
  assert.deepEqual(c.ports!.map((p) => p.protocol), ['TCP', 'UDP']);
  assert.equal(c.env![0]!.valueFrom!.fieldRef!.apiVersion, 'v1');
  assert.equal(c.env![1]!.valueFrom!.fileKeyRef!.optional, false);
});

test('probes get their timings, HTTP probes and hooks their scheme and path, gRPC probes an empty service', () => {
  const c: Container = {
    name: 'c',
    image: 'app:1',
    livenessProbe: { httpGet: { port: 8080 } },
    readinessProbe: { grpc: { port: 9000 }, periodSeconds: 5 },
    startupProbe: { tcpSocket: { port: 'http' }, failureThreshold: 30 },
    lifecycle: { preStop: { httpGet: { port: 80, path: '/quit', scheme: 'HTTPS' } } },
  };
  defaultContainer(c);
  assert.deepEqual(c.livenessProbe, { httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  assert.deepEqual(c.readinessProbe, { grpc: { port: 9000, service: '' }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 });
  assert.equal(c.startupProbe!.failureThreshold, 30);
  assert.deepEqual(c.lifecycle!.preStop!.httpGet, { port: 80, path: '/quit', scheme: 'HTTPS' });
});

test('requests default to limits where unset, after rounding up to milli-units', () => {
  const c: Container = { name: 'c', image: 'app:1', resources: { limits: { cpu: '500m', memory: '1Gi', 'example.com/gpu': '1' }, requests: { cpu: '100n' } } };
  defaultContainer(c);
  assert.deepEqual(c.resources!.requests, { cpu: '1m', memory: '1Gi', 'example.com/gpu': '1' });
  const empty: Container = { name: 'c', image: 'app:1', resources: { limits: {} } };
  defaultContainer(empty);
  assert.deepEqual(empty.resources, { limits: {}, requests: {} });
  const none: Container = { name: 'c', image: 'app:1', resources: {} };
  defaultContainer(none);
  assert.deepEqual(none.resources, {});
});

test('an ephemeral container is defaulted as a container', () => {
  const c: EphemeralContainer = { name: 'debug', image: 'busybox', targetContainerName: 'app' };
  defaultContainer(c);
  assert.equal(c.imagePullPolicy, 'Always');
  assert.equal(c.terminationMessagePolicy, 'File');
});
