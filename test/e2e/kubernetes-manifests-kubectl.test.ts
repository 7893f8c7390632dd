// A directory of ordinary Kubernetes manifests (test/e2e/manifests/kubernetes: Deployment, Service,
// Ingress, NetworkPolicy, PodDisruptionBudget, HorizontalPodAutoscaler, CronJob, StorageClass,
// PriorityClass, RBAC) written with Kubernetes' group names is applied unchanged with the real
// kubectl, and every object reads back through both the Kubernetes and the orch.io names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

const DIR = fileURLToPath(new URL('./manifests/kubernetes/', import.meta.url));

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

/** Each object as `<path under /apis or /api>` for both names, and the apiVersion each answers with. */
const OBJECTS: Array<[string, string, string]> = [
  ['apis/apps/v1/namespaces/default/deployments/shop', 'apps/v1', ''],
  ['api/v1/namespaces/default/services/shop', 'v1', ''],
  ['apis/networking.k8s.io/v1/namespaces/default/ingresses/shop', 'networking.k8s.io/v1', 'networking.orch.io/v1'],
  ['apis/networking.k8s.io/v1/namespaces/default/networkpolicies/shop-ingress', 'networking.k8s.io/v1', 'networking.orch.io/v1'],
  ['apis/policy/v1/namespaces/default/poddisruptionbudgets/shop', 'policy/v1', ''],
  ['apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/shop', 'autoscaling/v2', ''],
  ['apis/batch/v1/namespaces/default/cronjobs/shop-report', 'batch/v1', ''],
  ['apis/storage.k8s.io/v1/storageclasses/shop-fast', 'storage.k8s.io/v1', 'storage.orch.io/v1'],
  ['apis/scheduling.k8s.io/v1/priorityclasses/shop-high', 'scheduling.k8s.io/v1', 'scheduling.orch.io/v1'],
  ['apis/rbac.authorization.k8s.io/v1/namespaces/default/roles/shop-reader', 'rbac.authorization.k8s.io/v1', 'rbac.authorization.orch.io/v1'],
  ['apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings/shop-reader', 'rbac.authorization.k8s.io/v1', 'rbac.authorization.orch.io/v1'],
];

test('the directory applies unchanged, and applying it again changes nothing', { skip }, async () => {
  const first = await ok(['apply', '-f', DIR]);
  assert.equal(first.trim().split('\n').filter((l) => / created$/.test(l)).length, 11, first);
  const again = (await ok(['apply', '-f', DIR])).trim().split('\n');
  assert.equal(again.length, 11, again.join('\n'));
  // As against Kubernetes, kubectl re-sends two objects' specs: a budget's selector (patch
  // strategy replace) and a network policy's ports (an atomic list the server completes with
  // protocol TCP). Everything else is unchanged.
  const configured = again.filter((l) => / configured$/.test(l)).sort();
  assert.deepEqual(configured, ['networkpolicy.networking.k8s.io/shop-ingress configured', 'poddisruptionbudget.policy/shop configured']);
  assert.equal(again.filter((l) => / unchanged$/.test(l)).length, 9, again.join('\n'));
});

test('every object reads back through both names, each with its path\'s apiVersion', { skip }, async () => {
  for (const [path, apiVersion, orchVersion] of OBJECTS) {
    const viaKubernetes = JSON.parse(await ok(['get', '--raw', `/${path}`]));
    assert.equal(viaKubernetes.apiVersion, apiVersion, path);
    if (!orchVersion) continue;
    const orchPath = path.replace(apiVersion, orchVersion);
    const viaOrch = JSON.parse(await ok(['get', '--raw', `/${orchPath}`]));
    assert.equal(viaOrch.apiVersion, orchVersion, orchPath);
    assert.equal(viaOrch.metadata.uid, viaKubernetes.metadata.uid, `${path}: the same object`);
  }
  // Admission saw the PriorityClass: the deployment's pods will get its value.
  const pc = JSON.parse(await ok(['get', 'priorityclass', 'shop-high', '-o', 'json']));
  assert.equal(pc.value, 100000);
});

test('kubectl get lists them by the names people type', { skip }, async () => {
  const out = await ok(['get', 'deploy,svc,ing,netpol,pdb,hpa,cj', '-o', 'name']);
  for (const name of ['deployment.apps/shop', 'service/shop', 'ingress.networking.orch.io/shop', 'networkpolicy.networking.orch.io/shop-ingress', 'poddisruptionbudget.policy/shop', 'horizontalpodautoscaler.autoscaling/shop', 'cronjob.batch/shop-report']) {
    assert.ok(out.includes(name), `${name} in ${out}`);
  }
});
