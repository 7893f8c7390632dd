// Services and nodes with the real kubectl: `kubectl create service` for ClusterIP (with an
// explicit address), headless and ExternalName services and `kubectl get svc`'s columns; a node
// created from YAML with its status set through --subresource=status, `kubectl get nodes -o wide`,
// `kubectl cordon` and the spec.unschedulable field selector.
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

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function table(out: string): string[][] {
  return out.trimEnd().split('\n').map((line) => line.split(/\s{2,}/));
}

test('kubectl create service: ClusterIP with an address, headless and ExternalName; get svc shows them', { skip }, async () => {
  assert.equal((await ok(['create', 'service', 'clusterip', 'web', '--tcp=80:8080', '--clusterip=10.0.0.20'])).trim(), 'service/web created');
  assert.equal((await ok(['create', 'service', 'clusterip', 'db', '--clusterip=None'])).trim(), 'service/db created');
  assert.equal((await ok(['create', 'service', 'externalname', 'ext', '--external-name=db.example.com'])).trim(), 'service/ext created');
  const web = JSON.parse(await ok(['get', 'svc', 'web', '-o', 'json']));
  assert.deepEqual(web.spec.ports, [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }]);
  assert.deepEqual(web.spec.selector, { app: 'web' });
  const rows = table(await ok(['get', 'svc', '-o', 'wide']));
  assert.deepEqual(rows[0], ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE', 'SELECTOR']);
  const byName = Object.fromEntries(rows.slice(1).map((r) => [r[0], [...r.slice(1, 5), r[6]]]));
  assert.deepEqual(byName.web, ['ClusterIP', '10.0.0.20', '<none>', '80/TCP', 'app=web']);
  assert.deepEqual(byName.db, ['ClusterIP', 'None', '<none>', '<none>', 'app=db']);
  assert.deepEqual(byName.ext, ['ExternalName', '<none>', 'db.example.com', '<none>', 'app=ext']);
});

test('kubectl apply of a NodePort service and a change of its cluster IP refused with Kubernetes\' message', { skip }, async () => {
  const file = k.file('np.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: np\nspec:\n  type: NodePort\n  clusterIP: 10.0.0.21\n  selector:\n    app: np\n  ports:\n  - port: 80\n    nodePort: 30081\n');
  await ok(['apply', '-f', file]);
  // Applied again without clusterIP: the address is kept, not released.
  const again = k.file('np2.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: np\nspec:\n  type: NodePort\n  selector:\n    app: np\n  ports:\n  - port: 80\n    nodePort: 30081\n');
  await ok(['apply', '-f', again]);
  const row = table(await ok(['get', 'svc', 'np']))[1]!;
  assert.deepEqual(row.slice(0, 5), ['np', 'NodePort', '10.0.0.21', '<none>', '80:30081/TCP']);
  const refused = await k.run(['patch', 'svc', 'np', '-p', '{"spec":{"clusterIP":"10.0.0.22"}}']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /spec\.clusterIPs\[0\]: Invalid value: \[\]string\{"10\.0\.0\.22"\}: may not change once set/);
});

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: worker-1
  labels:
    node-role.orch.io/worker: ""
spec:
  podCIDR: 10.244.1.0/24
`;

const NODE_STATUS = {
  status: {
    capacity: { cpu: '4', memory: '8Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'AgentReady', message: 'ready', lastHeartbeatTime: '2026-11-25T10:00:00Z', lastTransitionTime: '2026-11-25T10:00:00Z' }],
    addresses: [{ type: 'InternalIP', address: '10.0.0.11' }, { type: 'ExternalIP', address: '203.0.113.11' }, { type: 'Hostname', address: 'worker-1' }],
    nodeInfo: {
      machineID: 'm1', systemUUID: 'u1', bootID: 'b1', kernelVersion: '6.1.0-13-amd64', osImage: 'Debian GNU/Linux 12 (bookworm)',
      containerRuntimeVersion: 'sim://1.0', kubeletVersion: 'v1.35.0', kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64',
    },
  },
};

test('a node from YAML, its status through --subresource=status, and get nodes -o wide', { skip }, async () => {
  assert.equal((await ok(['create', '-f', k.file('node.yaml', NODE)])).trim(), 'node/worker-1 created');
  assert.equal((await ok(['create', '-f', k.file('node2.yaml', NODE.replace(/worker-1/g, 'worker-2'))])).trim(), 'node/worker-2 created');
  const fresh = table(await ok(['get', 'nodes']));
  assert.deepEqual(fresh[0], ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
  assert.deepEqual([fresh[1]![0], fresh[1]![1], fresh[1]![2]], ['worker-1', 'Unknown', 'worker']);
  await ok(['patch', 'node', 'worker-1', '--subresource=status', '--type=merge', '-p', JSON.stringify(NODE_STATUS)]);
  const wide = table(await ok(['get', 'nodes', 'worker-1', '-o', 'wide']));
  assert.deepEqual(wide[0], ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION', 'INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME']);
  const [name, status, roles, , version, ...rest] = wide[1]!;
  assert.deepEqual([name, status, roles, version, ...rest], ['worker-1', 'Ready', 'worker', 'v1.35.0', '10.0.0.11', '203.0.113.11', 'Debian GNU/Linux 12 (bookworm)', '6.1.0-13-amd64', 'sim://1.0']);
  const allocatable = await ok(['get', 'node', 'worker-1', '-o', 'jsonpath={.status.allocatable.memory}']);
  assert.equal(allocatable, '8Gi');
});

test('kubectl cordon marks the node unschedulable; the field selector finds it', { skip }, async () => {
  assert.equal((await ok(['cordon', 'worker-1'])).trim(), 'node/worker-1 cordoned');
  assert.equal(await ok(['get', 'node', 'worker-1', '-o', 'jsonpath={.spec.unschedulable}']), 'true');
  const row = table(await ok(['get', 'nodes', 'worker-1']))[1]!;
  assert.equal(row[1], 'Ready,SchedulingDisabled');
  const cordoned = await ok(['get', 'nodes', '--field-selector=spec.unschedulable=true', '-o', 'name']);
  assert.equal(cordoned.trim(), 'node/worker-1');
  const open = await ok(['get', 'nodes', '--field-selector=spec.unschedulable=false', '-o', 'name']);
  assert.equal(open.trim(), 'node/worker-2');
  assert.equal((await ok(['uncordon', 'worker-1'])).trim(), 'node/worker-1 uncordoned');
  assert.equal(table(await ok(['get', 'nodes', 'worker-1']))[1]![1], 'Ready');
});

test('a node taint through kubectl taint, and a duplicate refused', { skip }, async () => {
  assert.equal((await ok(['taint', 'nodes', 'worker-2', 'dedicated=gpu:NoSchedule'])).trim(), 'node/worker-2 tainted');
  const taints = JSON.parse(await ok(['get', 'node', 'worker-2', '-o', 'jsonpath={.spec.taints}']));
  assert.deepEqual(taints, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
  const bad = await k.run(['patch', 'node', 'worker-2', '--type=json', '-p', '[{"op":"add","path":"/spec/taints/-","value":{"key":"dedicated","value":"x","effect":"NoSchedule"}}]']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /metadata\.taints\[1\]: Duplicate value: .*taints must be unique by key and effect pair/);
});
