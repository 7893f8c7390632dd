// CustomResourceDefinitions with the real kubectl: `kubectl apply` of a definition written for
// Kubernetes (apiextensions.k8s.io/v1), `kubectl get crd` with its NAME and CREATED AT columns,
// `kubectl get crd <name> -o yaml` with v1's defaults and the stored version, the short name crds
// and the Kubernetes group name,
// and a refused definition with Kubernetes' message.
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

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec:
                type: string
              image:
                type: string
              replicas:
                type: integer
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
`;

test('kubectl apply of a CRD, then get crd shows NAME and CREATED AT, -o yaml the stored definition', { skip }, async () => {
  const applied = await k.run(['apply', '-f', k.file('crontab-crd.yaml', CRD)]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /customresourcedefinition\.apiextensions\.k8s\.io\/crontabs\.stable\.example\.com created/);
  const got = await k.run(['get', 'crd']);
  assert.equal(got.code, 0, got.stderr);
  const lines = got.stdout.trim().split('\n');
  assert.match(lines[0]!, /^NAME\s+CREATED AT$/);
  assert.ok(lines.some((l) => /^crontabs\.stable\.example\.com\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(l)), got.stdout);
  const yaml = await k.run(['get', 'crd', 'crontabs.stable.example.com', '-o', 'yaml']);
  assert.equal(yaml.code, 0, yaml.stderr);
  // kubectl resolves `crd` through the group that owns the short name: apiextensions.orch.io.
  assert.match(yaml.stdout, /^apiVersion: apiextensions\.orch\.io\/v1\nkind: CustomResourceDefinition\n/);
  assert.match(yaml.stdout, /\n  conversion:\n    strategy: None\n/);
  assert.match(yaml.stdout, /\n    listKind: CronTabList\n/);
  assert.match(yaml.stdout, /\n  storedVersions:\n  - v1\n/);
  assert.match(yaml.stdout, /\n  generation: 1\n/);
  const short = await k.run(['get', 'crds', '-o', 'name']);
  assert.equal(short.stdout.trim(), 'customresourcedefinition.apiextensions.orch.io/crontabs.stable.example.com');
  const k8s = await k.run(['get', 'customresourcedefinitions.apiextensions.k8s.io', 'crontabs.stable.example.com', '-o', 'jsonpath={.apiVersion} {.spec.scope}']);
  assert.equal(k8s.stdout, 'apiextensions.k8s.io/v1 Namespaced');
  const again = await k.run(['apply', '-f', k.file('crontab-crd.yaml', CRD)]);
  assert.match(again.stdout, /unchanged/);
});

test('kubectl create of an invalid CRD prints Kubernetes\' message', { skip }, async () => {
  const bad = CRD.replace('name: crontabs.stable.example.com', 'name: crontab.stable.example.com');
  const r = await k.run(['create', '-f', k.file('bad-crd.yaml', bad)]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The CustomResourceDefinition "crontab\.stable\.example\.com" is invalid: metadata\.name: Invalid value: "crontab\.stable\.example\.com": must be spec\.names\.plural\+"\."\+spec\.group/);
});
