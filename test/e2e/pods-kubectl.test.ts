// Pods and replication controllers with the real kubectl: `kubectl run`, `kubectl create -f` of a
// pod using the common fields, `get pods -o wide` and a field selector, an invalid pod and a
// refused update with Kubernetes' messages, and `get rc` with its columns.
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

const FULL_POD = `apiVersion: v1
kind: Pod
metadata:
  name: full
  labels:
    app: full
spec:
  nodeSelector:
    disktype: ssd
  tolerations:
  - key: dedicated
    operator: Equal
    value: web
    effect: NoSchedule
  - key: node.orch.io/not-ready
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 300
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: zone
            operator: In
            values: [a, b]
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        podAffinityTerm:
          labelSelector:
            matchLabels:
              app: full
          topologyKey: orch.io/hostname
  securityContext:
    runAsUser: 1000
    runAsGroup: 3000
    fsGroup: 2000
    runAsNonRoot: true
    seccompProfile:
      type: RuntimeDefault
  volumes:
  - name: cache
    emptyDir:
      sizeLimit: 100Mi
  - name: settings
    configMap:
      name: settings
  containers:
  - name: web
    image: nginx:1.27
    command: ["nginx"]
    args: ["-g", "daemon off;"]
    ports:
    - name: http
      containerPort: 8080
    env:
    - name: MODE
      value: production
    - name: POD_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    resources:
      requests:
        cpu: 100m
        memory: 64Mi
      limits:
        cpu: 500m
        memory: 128Mi
    livenessProbe:
      httpGet:
        path: /healthz
        port: http
      initialDelaySeconds: 5
    readinessProbe:
      tcpSocket:
        port: 8080
    volumeMounts:
    - name: cache
      mountPath: /var/cache/nginx
    - name: settings
      mountPath: /etc/settings
      readOnly: true
    securityContext:
      allowPrivilegeEscalation: false
      readOnlyRootFilesystem: true
      capabilities:
        drop: ["ALL"]
`;

test('kubectl run creates a pod with Kubernetes\' defaults', { skip }, async () => {
  const run = await k.run(['run', 'nginx', '--image=nginx']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'pod/nginx created');
  const got = await k.run(['get', 'pod', 'nginx', '-o', 'jsonpath={.metadata.labels.run} {.spec.restartPolicy} {.spec.dnsPolicy} {.spec.schedulerName} {.spec.terminationGracePeriodSeconds} {.spec.containers[0].imagePullPolicy} {.status.phase} {.status.qosClass}']);
  assert.equal(got.code, 0, got.stderr);
  assert.equal(got.stdout, 'nginx Always ClusterFirst default-scheduler 30 Always Pending BestEffort');
});

test('kubectl create -f of a pod with the common fields', { skip }, async () => {
  const created = await k.run(['create', '-f', k.file('full.yaml', FULL_POD)]);
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stdout.trim(), 'pod/full created');
  const got = await k.run(['get', 'pod', 'full', '-o', 'jsonpath={.spec.containers[0].ports[0].protocol} {.spec.containers[0].livenessProbe.periodSeconds} {.spec.containers[0].livenessProbe.httpGet.scheme} {.spec.volumes[1].configMap.defaultMode} {.spec.tolerations[1].tolerationSeconds} {.status.qosClass}']);
  assert.equal(got.code, 0, got.stderr);
  assert.equal(got.stdout, 'TCP 10 HTTP 420 300 Burstable');
});

test('kubectl get pods -o wide prints kubectl\'s columns; a field selector picks Pending pods', { skip }, async () => {
  const wide = await k.run(['get', 'pods', '-o', 'wide']);
  assert.equal(wide.code, 0, wide.stderr);
  const [header, ...rows] = wide.stdout.trimEnd().split('\n');
  assert.match(header!, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/);
  assert.ok(rows.some((r) => /^full\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+<none>\s+<none>\s+<none>$/.test(r)), rows.join('\n'));
  const status = { status: { phase: 'Running', podIP: '10.4.0.9', podIPs: [{ ip: '10.4.0.9' }] } };
  const patched = await s.call('PATCH', '/api/v1/namespaces/default/pods/nginx/status', status, { 'content-type': 'application/merge-patch+json' });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const pending = await k.run(['get', 'pods', '--field-selector', 'status.phase=Pending', '-o', 'name']);
  assert.equal(pending.code, 0, pending.stderr);
  assert.equal(pending.stdout.trim(), 'pod/full');
  const running = await k.run(['get', 'pods', '--field-selector', 'status.phase=Running,status.podIP=10.4.0.9', '-o', 'name']);
  assert.equal(running.stdout.trim(), 'pod/nginx');
});

test('an invalid pod is refused with the field named; an update of an immutable field too', { skip }, async () => {
  const bad = k.file('bad.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: bad\nspec:\n  restartPolicy: Sometimes\n  containers:\n  - name: web\n    image: nginx\n');
  const refused = await k.run(['create', '-f', bad]);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /The Pod "bad" is invalid: spec\.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"/);
  const immutable = await k.run(['patch', 'pod', 'full', '-p', '{"spec":{"containers":[{"name":"web","command":["sh"]}]}}']);
  assert.notEqual(immutable.code, 0);
  assert.match(immutable.stderr, /The Pod "full" is invalid: spec: Forbidden: pod updates may not change fields other than `spec\.containers\[\*\]\.image`/);
  const image = await k.run(['set', 'image', 'pod/full', 'web=nginx:1.28']);
  assert.equal(image.code, 0, image.stderr);
  assert.equal(image.stdout.trim(), 'pod/full image updated');
});

test('kubectl get rc prints NAME DESIRED CURRENT READY AGE, and the wide columns', { skip }, async () => {
  const rc = k.file('rc.yaml', 'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: front\nspec:\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        app: front\n    spec:\n      containers:\n      - name: web\n        image: nginx\n');
  const applied = await k.run(['apply', '-f', rc]);
  assert.equal(applied.code, 0, applied.stderr);
  const got = await k.run(['get', 'rc']);
  assert.equal(got.code, 0, got.stderr);
  const [header, row] = got.stdout.trimEnd().split('\n');
  assert.match(header!, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
  assert.match(row!, /^front\s+2\s+0\s+0\s+\S+$/);
  const wide = await k.run(['get', 'rc', '-o', 'wide']);
  assert.match(wide.stdout.split('\n')[1]!, /^front\s+2\s+0\s+0\s+\S+\s+web\s+nginx\s+app=front$/);
  const all = await k.run(['get', 'all', '-o', 'name']);
  assert.equal(all.code, 0, all.stderr);
  assert.ok(all.stdout.includes('replicationcontroller/front') && all.stdout.includes('pod/full'), all.stdout);
});
