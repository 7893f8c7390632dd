// PriorityClass at unit level: the preemption policy default, ValidatePriorityClass's reserved
// system- names and value bound, the fields fixed on update, the system classes' creation by the
// start-up hook (once, leaving existing ones alone), and the refusal to delete them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { defaultPriorityClass, priorityClassesDeclaration } from './declaration.ts';
import { ensureSystemPriorityClasses } from './bootstrap.ts';
import { buildStorage } from '../../../../cmd/apiserver/build-storage.ts';
import { apiserverOptions } from '../../../../options/apiserver-options.ts';
import type { FlagValues } from '../../../../options/flag.ts';
import { getObject } from '../../generic/get.ts';
import { updateObject } from '../../generic/update.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const decl = priorityClassesDeclaration();
const pc = (name: string, value: number, extra: Partial<PriorityClass> = {}) => defaultPriorityClass({ metadata: { name, resourceVersion: '2' }, value, ...extra });

test('a priority class preempts lower priorities unless it says Never', () => {
  assert.equal(pc('high', 10).preemptionPolicy, 'PreemptLowerPriority');
  assert.equal(pc('polite', 10, { preemptionPolicy: 'Never' }).preemptionPolicy, 'Never');
});

test('ValidatePriorityClass: system- names are the system\'s, other values at most one billion, known policies', () => {
  assert.deepEqual(decl.strategy.validate(pc('system-node-critical', 2000001000)), []);
  assert.deepEqual(lines(decl.strategy.validate(pc('system-node-critical', 5))), [
    "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000",
  ]);
  assert.deepEqual(lines(decl.strategy.validate(pc('system-cluster-critical', 2000000000, { globalDefault: true }))), [
    "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: globalDefault of system-cluster-critical PriorityClass must be false",
  ]);
  assert.deepEqual(lines(decl.strategy.validate(pc('system-mine', 1))), [
    "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class",
  ]);
  assert.deepEqual(lines(decl.strategy.validate(pc('huge', 1000000001, { preemptionPolicy: 'Sometimes' }))), [
    'value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    'preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
  ]);
  assert.deepEqual(decl.strategy.validate(pc('negative', -5)), []);
});

test('value and preemption policy cannot change; description and the default mark can', () => {
  const old = pc('high', 10);
  assert.deepEqual(lines(decl.strategy.validateUpdate(pc('high', 11, { preemptionPolicy: 'Never' }), old)), [
    'value: Forbidden: may not be changed in an update.',
    'preemptionPolicy: Invalid value: "Never": field is immutable',
  ]);
  assert.deepEqual(decl.strategy.validateUpdate(pc('high', 10, { description: 'x', globalDefault: true }), old), []);
});

test('the table has Kubernetes\' columns; the system classes may not be deleted', () => {
  assert.deepEqual(decl.table.columns.map((c) => c.name), ['Name', 'Value', 'Global-Default', 'Age', 'PreemptionPolicy']);
  const row = decl.table.row(pc('high', 10));
  assert.deepEqual([row[0], row[1], row[2], row[4]], ['high', 10, false, 'PreemptLowerPriority']);
  assert.equal(decl.deletion.refusal('system-node-critical'), 'this is a system priority class and cannot be deleted');
  assert.equal(decl.deletion.refusal('high'), undefined);
  assert.deepEqual(decl.shortNames, ['pc']);
});

test('the start-up hook creates the system classes once and leaves existing ones as they are', async () => {
  const storage = await buildStorage(apiserverOptions({ 'data-dir': mkdtempSync(join(tmpdir(), 'orch-pc-')) } as FlagValues).storage);
  try {
    const res = { declaration: decl, store: storage.storeFor(decl.storageResource) as any };
    assert.deepEqual(await ensureSystemPriorityClasses(res), ['system-node-critical', 'system-cluster-critical']);
    const node = (await getObject(res, 'system-node-critical', '')) as PriorityClass;
    assert.deepEqual([node.value, node.preemptionPolicy, node.kind, node.apiVersion], [2000001000, 'PreemptLowerPriority', 'PriorityClass', 'scheduling.orch.io/v1']);
    await updateObject(res, 'system-cluster-critical', '', { ...(await getObject(res, 'system-cluster-critical', '')), description: 'changed' } as PriorityClass, { dryRun: false, fieldValidation: 'Ignore' });
    assert.deepEqual(await ensureSystemPriorityClasses(res), []);
    assert.equal(((await getObject(res, 'system-cluster-critical', '')) as PriorityClass).description, 'changed');
  } finally {
    await storage.close();
  }
});
