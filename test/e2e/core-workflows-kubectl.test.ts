// The everyday core/v1 commands with the real kubectl: run a pod, expose it (a cluster IP from
// --service-cluster-ip-range; a node port from --service-node-port-range), scale a replication
// controller through its scale subresource, and read the orch service.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver({ 'service-cluster-ip-range': '10.96.0.0/16', 'service-node-port-range': { base: 31000, size: 100 } });
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const inRange = (ip: string) => /^10\.96\.\d{1,3}\.\d{1,3}$/.test(ip);

test('run, then expose: a cluster IP from the range, a node port from its range', { skip }, async () => {
  assert.equal((await ok(['run', 'web', '--image=nginx', '--port=80', '--labels=app=web'])).trim(), 'pod/web created');
  assert.equal((await ok(['expose', 'pod', 'web', '--port=80', '--name=web'])).trim(), 'service/web exposed');
  const ip = (await ok(['get', 'svc', 'web', '-o', 'jsonpath={.spec.clusterIP}'])).trim();
  assert.ok(inRange(ip), ip);
  assert.equal((await ok(['expose', 'pod', 'web', '--port=80', '--name=web-np', '--type=NodePort'])).trim(), 'service/web-np exposed');
  const port = Number(await ok(['get', 'svc', 'web-np', '-o', 'jsonpath={.spec.ports[0].nodePort}']));
  assert.ok(port >= 31000 && port <= 31099, String(port));
  const row = (await ok(['get', 'svc', 'web-np', '--no-headers'])).trim().split(/\s+/);
  assert.deepEqual([row[0], row[1], row[3], row[4]], ['web-np', 'NodePort', '<none>', `80:${port}/TCP`]);
  const orch = (await ok(['get', 'svc', 'orch', '-o', 'jsonpath={.spec.clusterIP} {.spec.ports[0].port}'])).trim();
  assert.equal(orch, '10.96.0.1 443', 'the orch service holds the first address of the range');
});

test('scale rc goes through the scale subresource', { skip }, async () => {
  const rc = k.file('rc.yaml', [
    'apiVersion: v1',
    'kind: ReplicationController',
    'metadata: {name: front}',
    'spec:',
    '  replicas: 1',
    '  selector: {app: front}',
    '  template:',
    '    metadata: {labels: {app: front}}',
    '    spec: {containers: [{name: app, image: nginx}]}',
    '',
  ].join('\n'));
  await ok(['apply', '-f', rc]);
  assert.equal((await ok(['scale', 'rc', 'front', '--replicas=3'])).trim(), 'replicationcontroller/front scaled');
  assert.equal((await ok(['get', 'rc', 'front', '-o', 'jsonpath={.spec.replicas}'])).trim(), '3');
  const scale = JSON.parse(await ok(['get', '--raw', '/api/v1/namespaces/default/replicationcontrollers/front/scale']));
  assert.deepEqual([scale.kind, scale.spec.replicas, scale.status.selector], ['Scale', 3, 'app=front']);
});
