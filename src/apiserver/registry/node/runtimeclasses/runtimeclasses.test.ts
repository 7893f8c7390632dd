// RuntimeClass at unit level: ValidateRuntimeClass's handler, overhead, node selector and
// toleration checks (with Kubernetes' doubled tolerations path), and the handler fixed on update.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RuntimeClass } from '../../../../api/node/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { runtimeClassesDeclaration } from './declaration.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const decl = runtimeClassesDeclaration();
const rc = (fields: Partial<RuntimeClass> = {}): RuntimeClass => ({ metadata: { name: 'gvisor', resourceVersion: '3' }, handler: 'runsc', ...fields });

test('a runtime class with overhead and scheduling is valid; its table is NAME HANDLER AGE', () => {
  const full = rc({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } }, scheduling: { nodeSelector: { runtime: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists' }] } });
  assert.deepEqual(decl.strategy.validate(full), []);
  assert.deepEqual(decl.table.columns.map((c) => c.name), ['Name', 'Handler', 'Age']);
  assert.deepEqual(decl.table.row(full).slice(0, 2), ['gvisor', 'runsc']);
});

test('ValidateRuntimeClass: a DNS-label handler, overhead limits, labels, tolerations once each', () => {
  const bad = rc({
    handler: 'Run_SC',
    overhead: { podFixed: { cpu: '-1', 'bad name!': '1' } },
    scheduling: { nodeSelector: { 'bad key': 'v' }, tolerations: [{ key: 'a', operator: 'Exists', value: 'x' }, { key: 'b', operator: 'Equal', value: 'v' }, { key: 'b', operator: 'Equal', value: 'v' }] },
  });
  const got = lines(decl.strategy.validate(bad));
  assert.equal(got[0], 'handler: Invalid value: "Run_SC": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')');
  assert.ok(got.some((l) => l.startsWith('overhead.limits[bad name!]: Invalid value: "bad name!"')), got.join('\n'));
  assert.ok(got.includes('overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0'), got.join('\n'));
  assert.ok(got.some((l) => l.startsWith('scheduling.nodeSelector: Invalid value: "bad key"')), got.join('\n'));
  assert.ok(got.includes('scheduling.tolerations.tolerations[0].operator: Invalid value: "x": value must be empty when `operator` is \'Exists\''), got.join('\n'));
  assert.ok(got.some((l) => l.startsWith('scheduling.tolerations[2]: Duplicate value: ')), got.join('\n'));
});

test('the handler cannot change; overhead and scheduling can', () => {
  assert.deepEqual(lines(decl.strategy.validateUpdate(rc({ handler: 'runc' }), rc())), ['handler: Invalid value: "runc": field is immutable']);
  assert.deepEqual(decl.strategy.validateUpdate(rc({ overhead: { podFixed: { cpu: '1' } } }), rc()), []);
});
