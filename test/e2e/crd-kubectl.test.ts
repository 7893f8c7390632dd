// The operator's workflow with the real kubectl: apply a CustomResourceDefinition, wait for it to
// be established, apply objects of it, list them with the printer columns (and by short name and
// category), explain the custom kind from the published schema, scale one, and see `kubectl edit`
// refused by a CEL transition rule with the rule's message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { stringify } from 'yaml';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';
import { widget, widgetCrd, WIDGET_CRD_NAME } from '../support/crd-fixtures.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
  await ok(['apply', '-f', k.file('crd.yaml', stringify(widgetCrd()))]);
  await ok(['wait', '--for=condition=Established', `crd/${WIDGET_CRD_NAME}`, '--timeout=20s']);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

async function ok(args: string[], env?: Record<string, string>): Promise<string> {
  const r = await k.run(args, env);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** A table's rows as cells split on runs of two or more spaces, the header first. */
function rows(out: string): string[][] {
  return out.trimEnd().split('\n').map((line) => line.trim().split(/\s{2,}/));
}

test('kubectl get lists custom resources with their printer columns, by name, short name and category', { skip }, async () => {
  const manifests = [widget('alpha', { color: 'red', replicas: 2 }), widget('beta', { color: 'blue' })].map((w) => stringify(w)).join('---\n');
  assert.match(await ok(['apply', '-f', k.file('widgets.yaml', manifests)]), /widget\.shop\.example\.com\/alpha created/);
  const table = rows(await ok(['get', 'widgets']));
  assert.deepEqual(table[0], ['NAME', 'COLOR', 'REPLICAS', 'AGE']);
  assert.deepEqual(table.slice(1).map((r) => r.slice(0, 3)), [
    ['alpha', 'red', '2'],
    ['beta', 'blue', '1'],
  ]);
  assert.deepEqual(rows(await ok(['get', 'wd', '-o', 'wide']))[0], ['NAME', 'COLOR', 'REPLICAS', 'PHASE', 'AGE']);
  assert.match(await ok(['get', 'all']), /widget\.shop\.example\.com\/alpha/);
  assert.match(await ok(['get', 'widgets', '--field-selector', 'spec.color=blue', '-o', 'name']), /^widget\.shop\.example\.com\/beta\n$/);
  assert.match(await ok(['api-resources', '--api-group=shop.example.com']), /widgets\s+wd\s+shop\.example\.com\/v1\s+true\s+Widget/);
});

test('kubectl explain reads the custom kind from the published schema', { skip }, async () => {
  const out = await ok(['explain', 'widgets.spec.replicas']);
  assert.match(out, /KIND:\s+Widget/);
  assert.match(out, /FIELD:\s+replicas <integer>/);
});

test('kubectl scale works through the scale subresource', { skip }, async () => {
  await ok(['apply', '-f', k.file('gamma.yaml', stringify(widget('gamma', { color: 'green', replicas: 1 })))]);
  assert.match(await ok(['scale', 'widget/gamma', '--replicas=4']), /scaled/);
  assert.equal(await ok(['get', 'widget/gamma', '-o', 'jsonpath={.spec.replicas}']), '4');
});

test('kubectl edit is refused by a CEL rule, with its message', { skip }, async () => {
  await ok(['apply', '-f', k.file('serial.yaml', stringify(widget('serial', { color: 'red', serial: 'A-1' })))]);
  const r = await k.run(['edit', 'widget/serial'], k.editor('serial: A-1', 'serial: B-2'));
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /widgets\.shop\.example\.com "serial" is invalid/);
  // kubectl keeps the edit with the server's causes written above it as comments.
  const copy = /stored to "([^"]+)"/.exec(r.stderr)?.[1];
  assert.ok(copy, r.stderr);
  assert.match(readFileSync(copy, 'utf8'), /# \* spec\.serial: Invalid value: "string": serial is immutable/);
  rmSync(copy, { force: true });
  assert.equal(await ok(['get', 'widget/serial', '-o', 'jsonpath={.spec.serial}']), 'A-1');
  const tooMany = await k.run(['patch', 'widget/serial', '--type=merge', '-p', '{"spec":{"replicas":7}}']);
  assert.notEqual(tooMany.code, 0);
  assert.match(tooMany.stderr, /spec\.replicas: Invalid value: "object": more than 5 replicas need size large/);
});

test('kubectl delete crd removes the objects with it', { skip }, async () => {
  await ok(['delete', 'crd', WIDGET_CRD_NAME, '--wait=true', '--timeout=20s']);
  const r = await k.run(['get', 'widgets']);
  assert.notEqual(r.code, 0);
  // kubectl's cached discovery may still name the type; the server no longer serves it either way.
  assert.match(r.stderr, /the server doesn't have a resource type "widgets"|Unable to list "shop\.example\.com\/v1, Resource=widgets": the server could not find the requested resource/);
});
