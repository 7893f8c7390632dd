// The apps group with the real kubectl: `create deployment`, `get deploy,rs,sts,ds -o wide`,
// `scale` through /scale, `set image`, `rollout pause` and `resume` (spec.paused), `get all`
// listing deployments, a stateful set update of a field that may not change refused with
// Kubernetes' message, and `apply -f` of an apps/v1 Deployment manifest.
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

const STATEFUL_SET = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: postgres
        image: postgres:17
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`;

const DAEMON_SET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      nodeSelector:
        disktype: ssd
      containers:
      - name: agent
        image: busybox
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    app: api
spec:
  replicas: 3
  selector:
    matchLabels:
      app: api
    matchExpressions:
    - key: tier
      operator: In
      values: [backend, api]
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app: api
        tier: backend
    spec:
      containers:
      - name: api
        image: registry.example/api:1.0
        ports:
        - containerPort: 8080
`;

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('kubectl create deployment gets apps/v1 defaults', { skip }, async () => {
  assert.equal((await ok(['create', 'deployment', 'web', '--image=nginx', '--replicas=2'])).trim(), 'deployment.apps/web created');
  const got = await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.replicas} {.spec.selector.matchLabels.app} {.spec.strategy.type} {.spec.strategy.rollingUpdate.maxUnavailable} {.spec.strategy.rollingUpdate.maxSurge} {.spec.revisionHistoryLimit} {.spec.progressDeadlineSeconds} {.spec.template.spec.restartPolicy} {.metadata.generation}']);
  assert.equal(got, '2 web RollingUpdate 25% 25% 10 600 Always 1');
});

test('kubectl get deploy,rs,sts,ds -o wide prints each kind\'s columns', { skip }, async () => {
  assert.match(await ok(['create', '-f', k.file('sts.yaml', STATEFUL_SET)]), /statefulset\.apps\/db created/);
  assert.match(await ok(['create', '-f', k.file('ds.yaml', DAEMON_SET)]), /daemonset\.apps\/agent created/);
  const rs = k.file('rs.yaml', 'apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: front\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: front\n  template:\n    metadata:\n      labels:\n        app: front\n    spec:\n      containers:\n      - name: web\n        image: nginx\n');
  assert.match(await ok(['create', '-f', rs]), /replicaset\.apps\/front created/);
  const out = await ok(['get', 'deploy,rs,sts,ds', '-o', 'wide']);
  const blocks = out.trimEnd().split('\n\n').map((b) => b.split('\n'));
  const [deploys, sets, stateful, daemons] = blocks;
  assert.match(deploys![0]!, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR$/);
  assert.match(deploys![1]!, /^deployment\.apps\/web\s+0\/2\s+0\s+0\s+\S+\s+nginx\s+nginx\s+app=web$/);
  assert.match(sets![0]!, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR$/);
  assert.match(sets![1]!, /^replicaset\.apps\/front\s+2\s+0\s+0\s+\S+\s+web\s+nginx\s+app=front$/);
  assert.match(stateful![0]!, /^NAME\s+READY\s+AGE\s+CONTAINERS\s+IMAGES$/);
  assert.match(stateful![1]!, /^statefulset\.apps\/db\s+0\/1\s+\S+\s+postgres\s+postgres:17$/);
  assert.match(daemons![0]!, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR$/);
  assert.match(daemons![1]!, /^daemonset\.apps\/agent\s+0\s+0\s+0\s+0\s+0\s+disktype=ssd\s+\S+\s+agent\s+busybox\s+app=agent$/);
});

test('kubectl scale goes through /scale; set image and rollout pause/resume change the spec', { skip }, async () => {
  assert.equal((await ok(['scale', 'deployment', 'web', '--replicas=5'])).trim(), 'deployment.apps/web scaled');
  assert.equal(await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.replicas} {.metadata.generation}']), '5 2');
  const scale = await s.call('GET', '/apis/apps/v1/namespaces/default/deployments/web/scale');
  assert.deepEqual([scale.body.kind, scale.body.spec.replicas, scale.body.status.selector], ['Scale', 5, 'app=web']);
  assert.equal((await ok(['set', 'image', 'deployment/web', 'nginx=nginx:1.27'])).trim(), 'deployment.apps/web image updated');
  assert.equal(await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image} {.metadata.generation}']), 'nginx:1.27 3');
  assert.equal((await ok(['rollout', 'pause', 'deployment/web'])).trim(), 'deployment.apps/web paused');
  assert.equal(await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.paused}']), 'true');
  assert.equal((await ok(['rollout', 'resume', 'deployment/web'])).trim(), 'deployment.apps/web resumed');
  assert.equal(await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.paused}']), '');
  assert.equal((await ok(['scale', 'statefulset', 'db', '--replicas=3'])).trim(), 'statefulset.apps/db scaled');
  assert.equal(await ok(['get', 'sts', 'db', '-o', 'jsonpath={.spec.replicas}']), '3');
});

test('kubectl get all lists the workloads, not controller revisions', { skip }, async () => {
  const names = (await ok(['get', 'all', '-o', 'name'])).trim().split('\n');
  for (const name of ['deployment.apps/web', 'replicaset.apps/front', 'statefulset.apps/db', 'daemonset.apps/agent']) assert.ok(names.includes(name), names.join('\n'));
  assert.ok(!names.some((n) => n.startsWith('controllerrevision')), names.join('\n'));
});

test('a stateful set update of a field that may not change is refused with Kubernetes\' message', { skip }, async () => {
  const refused = await k.run(['patch', 'statefulset', 'db', '-p', '{"spec":{"serviceName":"other"}}']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /The StatefulSet "db" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden/);
  const selector = await k.run(['patch', 'deployment', 'web', '-p', '{"spec":{"selector":{"matchLabels":{"app":"other"}},"template":{"metadata":{"labels":{"app":"other"}}}}}']);
  assert.notEqual(selector.code, 0);
  assert.match(selector.stderr, /The Deployment "web" is invalid: spec\.selector: Invalid value: v1\.LabelSelector\{MatchLabels:map\[string\]string\{"app":"other"\}, MatchExpressions:\[\]v1\.LabelSelectorRequirement\(nil\)\}: field is immutable/);
});

test('kubectl apply -f of an apps/v1 Deployment manifest creates, then configures it', { skip }, async () => {
  const file = k.file('deploy.yaml', DEPLOYMENT);
  assert.equal((await ok(['apply', '-f', file])).trim(), 'deployment.apps/api created');
  const wide = (await ok(['get', 'deploy', 'api', '-o', 'wide'])).trimEnd().split('\n');
  assert.match(wide[1]!, /^api\s+0\/3\s+0\s+0\s+\S+\s+api\s+registry\.example\/api:1\.0\s+app=api,tier in \(api,backend\)$/);
  const scale = await s.call('GET', '/apis/apps/v1/namespaces/default/deployments/api/scale');
  assert.equal(scale.body.status.selector, 'app=api,tier in (api,backend)');
  assert.equal((await ok(['apply', '-f', k.file('deploy2.yaml', DEPLOYMENT.replace('replicas: 3', 'replicas: 4'))])).trim(), 'deployment.apps/api configured');
  assert.equal(await ok(['get', 'deploy', 'api', '-o', 'jsonpath={.spec.replicas} {.spec.strategy.rollingUpdate.maxSurge} {.spec.strategy.rollingUpdate.maxUnavailable}']), '4 1 0');
  const invalid = await k.run(['apply', '-f', k.file('bad.yaml', DEPLOYMENT.replace('name: api\n  labels', 'name: bad\n  labels').replace('tier: backend', 'tier: frontend'))]);
  assert.notEqual(invalid.code, 0);
  assert.match(invalid.stderr, /The Deployment "bad" is invalid: spec\.template\.metadata\.labels: Invalid value: map\[string\]string\{"app":"api", "tier":"frontend"\}: `selector` does not match template `labels`/);
});
