// Dynamic resource allocation with the real kubectl: `kubectl apply -f` of a device class and a
// ResourceClaim, `kubectl get deviceclasses,resourceclaims` with Kubernetes' columns, a refused
// claim and a refused spec change with Kubernetes' messages, resource slices by field selector.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

const CLASS_AND_CLAIM = `apiVersion: resource.orch.io/v1
kind: DeviceClass
metadata:
  name: gpu.example.com
spec:
  selectors:
  - cel:
      expression: device.driver == "gpu.example.com"
---
apiVersion: resource.orch.io/v1
kind: ResourceClaim
metadata:
  name: single-gpu
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: gpu.example.com
        selectors:
        - cel:
            expression: device.attributes["gpu.example.com"].model == "A100"
`;

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

test('kubectl apply -f creates a class and a claim; get shows NAME AGE and NAME STATE AGE', { skip }, async () => {
  const applied = await ok(['apply', '-f', k.file('dra.yaml', CLASS_AND_CLAIM)]);
  assert.match(applied, /deviceclass\.resource\.orch\.io\/gpu\.example\.com created/);
  assert.match(applied, /resourceclaim\.resource\.orch\.io\/single-gpu created/);
  const got = (await ok(['get', 'deviceclasses,resourceclaims'])).trimEnd().split('\n');
  assert.match(got[0]!, /^NAME\s+AGE$/);
  assert.match(got[1]!, /^deviceclass\.resource\.orch\.io\/gpu\.example\.com\s+\d+s$/);
  assert.match(got.find((l) => l.startsWith('NAME') && l.includes('STATE'))!, /^NAME\s+STATE\s+AGE$/);
  assert.match(got.find((l) => l.includes('single-gpu'))!, /^resourceclaim\.resource\.orch\.io\/single-gpu\s+pending\s+\d+s$/);
  const yaml = await ok(['get', 'resourceclaim', 'single-gpu', '-o', 'jsonpath={.spec.devices.requests[0].exactly.allocationMode}/{.spec.devices.requests[0].exactly.count}']);
  assert.equal(yaml, 'ExactCount/1');
  // Applying the same file again is accepted: the request list (atomic) is sent whole, and
  // defaults make it what is stored, so the immutable spec does not change.
  assert.match(await ok(['apply', '-f', k.file('dra.yaml', CLASS_AND_CLAIM)]), /deviceclass\.resource\.orch\.io\/gpu\.example\.com unchanged/);
});

test('an invalid claim and a change of a claim\'s spec are refused with Kubernetes\' messages', { skip }, async () => {
  const bad = await k.run(['apply', '-f', k.file('bad.yaml', CLASS_AND_CLAIM.split('---\n')[1]!.replace('single-gpu', 'bad-gpu').replace('device.attributes["gpu.example.com"].model == "A100"', 'device.driver =='))]);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /The ResourceClaim "bad-gpu" is invalid: spec\.devices\.requests\[0\]\.exactly\.selectors\[0\]\.cel\.expression: Invalid value: "device\.driver ==": compilation failed/);
  const changed = await k.run(['apply', '-f', k.file('changed.yaml', CLASS_AND_CLAIM.split('---\n')[1]!.replace('name: gpu\n', 'name: other\n'))]);
  assert.notEqual(changed.code, 0);
  assert.match(changed.stderr, /The ResourceClaim "single-gpu" is invalid: spec: Invalid value: .*field is immutable/);
});

test('resource slices: get by node with a field selector, NODE DRIVER POOL columns', { skip }, async () => {
  for (const [node, driver] of [['node-a', 'gpu.example.com'], ['node-b', 'gpu.example.com'], ['node-a', 'nic.example.com']]) {
    const slice = `apiVersion: resource.orch.io/v1
kind: ResourceSlice
metadata:
  name: ${node}-${driver.split('.')[0]}
spec:
  driver: ${driver}
  nodeName: ${node}
  pool: {name: ${node}, generation: 1, resourceSliceCount: 1}
  devices:
  - name: dev-0
    attributes:
      model: {string: M1}
`;
    await ok(['create', '-f', k.file(`${node}-${driver}.yaml`, slice)]);
  }
  const out = (await ok(['get', 'resourceslices', '--field-selector', 'spec.nodeName=node-a'])).trimEnd().split('\n');
  assert.match(out[0]!, /^NAME\s+NODE\s+DRIVER\s+POOL\s+AGE$/);
  assert.deepEqual(out.slice(1).map((l) => l.split(/\s+/).slice(0, 4)), [['node-a-gpu', 'node-a', 'gpu.example.com', 'node-a'], ['node-a-nic', 'node-a', 'nic.example.com', 'node-a']]);
});
