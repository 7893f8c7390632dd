// Jobs, cron jobs, autoscalers and disruption budgets with the real kubectl: `create job` and
// `create cronjob` with their columns wide, `autoscale rc` read back through autoscaling/v1 and
// v2, `create pdb`, and an eviction (posted as kubectl drain posts it) refused with 429 while the
// budget allows none, then allowed once it does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
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
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

const MERGE = { 'content-type': 'application/merge-patch+json' };

test('kubectl create job and create cronjob, then get jobs,cronjobs -o wide', { skip }, async () => {
  assert.equal((await ok(['create', 'job', 'hello', '--image=busybox'])).trim(), 'job.batch/hello created');
  assert.equal((await ok(['create', 'cronjob', 'tick', '--image=busybox', '--schedule=*/5 * * * *'])).trim(), 'cronjob.batch/tick created');
  const job = parseYaml(await ok(['get', 'job', 'hello', '-o', 'yaml']));
  const uid = job.metadata.uid;
  assert.deepEqual(job.spec.selector, { matchLabels: { 'batch.orch.io/controller-uid': uid } });
  assert.deepEqual([job.spec.backoffLimit, job.spec.completions, job.spec.parallelism, job.spec.template.spec.restartPolicy], [6, 1, 1, 'Never']);
  const out = (await ok(['get', 'jobs,cronjobs', '-o', 'wide'])).trimEnd().split('\n');
  const jobs = out.indexOf('');
  const [jobHeader, jobRow] = out.slice(0, jobs);
  assert.match(jobHeader!, /^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR$/);
  assert.match(jobRow!, new RegExp(`^job\\.batch/hello\\s+Running\\s+0/1\\s+\\S+\\s+hello\\s+busybox\\s+batch\\.orch\\.io/controller-uid=${uid}$`));
  const [cronHeader, cronRow] = out.slice(jobs + 1);
  assert.match(cronHeader!, /^NAME\s+SCHEDULE\s+TIMEZONE\s+SUSPEND\s+ACTIVE\s+LAST SCHEDULE\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR$/);
  assert.match(cronRow!, /^cronjob\.batch\/tick\s+\*\/5 \* \* \* \*\s+<none>\s+False\s+0\s+<none>\s+\S+\s+tick\s+busybox\s+<none>$/);
  const refused = await k.run(['create', 'cronjob', 'bad', '--image=busybox', '--schedule=* * *']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /spec\.schedule: Invalid value: "\* \* \*": expected exactly 5 fields, found 3: \[\* \* \*\]/);
  const all = await ok(['get', 'all', '-o', 'name']);
  assert.ok(all.includes('job.batch/hello') && all.includes('cronjob.batch/tick'), all);
});

test('kubectl autoscale rc, then get hpa; the autoscaler reads through autoscaling/v1 and v2', { skip }, async () => {
  const rc = 'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: front\nspec:\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        app: front\n    spec:\n      containers:\n      - name: web\n        image: nginx\n';
  await ok(['apply', '-f', k.file('rc.yaml', rc)]);
  assert.match(await ok(['autoscale', 'rc', 'front', '--min=1', '--max=5', '--cpu-percent=80']), /^horizontalpodautoscaler\.autoscaling\/front autoscaled$/m);
  const [header, row] = (await ok(['get', 'hpa'])).trimEnd().split('\n');
  assert.match(header!, /^NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE$/);
  assert.match(row!, /^front\s+ReplicationController\/front\s+cpu: <unknown>\/80%\s+1\s+5\s+0\s+\S+$/);
  const v1 = parseYaml(await ok(['get', 'horizontalpodautoscalers.v1.autoscaling', 'front', '-o', 'yaml']));
  assert.equal(v1.apiVersion, 'autoscaling/v1');
  assert.deepEqual(v1.spec, { scaleTargetRef: { apiVersion: 'v1', kind: 'ReplicationController', name: 'front' }, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 80 });
  const v2 = parseYaml(await ok(['get', 'horizontalpodautoscalers.v2.autoscaling', 'front', '-o', 'yaml']));
  assert.equal(v2.apiVersion, 'autoscaling/v2');
  assert.deepEqual(v2.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  assert.equal(v2.metadata.uid, v1.metadata.uid);
});

test('kubectl create pdb; an eviction is refused with 429 while the budget allows none, allowed once it allows one', { skip }, async () => {
  assert.equal((await ok(['create', 'pdb', 'web', '--selector=app=web', '--min-available=1'])).trim(), 'poddisruptionbudget.policy/web created');
  await ok(['run', 'web-1', '--image=nginx', '--labels=app=web']);
  const ready = { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } };
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/default/pods/web-1/status', ready, MERGE)).status, 200);
  const [header, row] = (await ok(['get', 'pdb'])).trimEnd().split('\n');
  assert.match(header!, /^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE$/);
  assert.match(row!, /^web\s+1\s+N\/A\s+0\s+\S+$/);
  // kubectl drain posts this for each pod on the node (it needs nodes with pods to do so itself).
  const eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-1', namespace: 'default' } };
  const refused = await s.call('POST', '/api/v1/namespaces/default/pods/web-1/eviction', eviction);
  assert.equal(refused.status, 429, JSON.stringify(refused.body));
  assert.equal(refused.body.message, "Cannot evict pod as it would violate the pod's disruption budget.");
  assert.equal(refused.body.details.causes[0].reason, 'DisruptionBudget');
  // What the disruption controller would write once a second pod is healthy.
  const computed = { status: { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 } };
  assert.equal((await s.call('PATCH', '/apis/policy/v1/namespaces/default/poddisruptionbudgets/web/status', computed, MERGE)).status, 200);
  const allowed = await s.call('POST', '/api/v1/namespaces/default/pods/web-1/eviction', eviction);
  assert.equal(allowed.status, 201, JSON.stringify(allowed.body));
  const after = parseYaml(await ok(['get', 'pdb', 'web', '-o', 'yaml']));
  assert.deepEqual([after.status.disruptionsAllowed, Object.keys(after.status.disruptedPods)], [0, ['web-1']]);
  const gone = await k.run(['get', 'pod', 'web-1']);
  assert.notEqual(gone.code, 0);
});
