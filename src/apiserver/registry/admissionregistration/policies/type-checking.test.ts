import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValidatingAdmissionPolicy } from '../../../../api/admissionregistration/v1/types.ts';
import { objectFieldsRead, typeCheckPolicy } from './type-checking.ts';
import { admissionCel } from '../../../admission/plugins/cel/admission-cel.ts';

const policy = (rules: unknown[], expressions: string[]): ValidatingAdmissionPolicy =>
  ({
    metadata: { name: 'p' },
    spec: { matchConstraints: { resourceRules: rules }, validations: expressions.map((expression) => ({ expression })), auditAnnotations: [{ key: 'k', valueExpression: 'object.nothing' }] },
  }) as never;

test('fields read of object and oldObject, by name or index', () => {
  const p = admissionCel.compile("object.note.size() > 0 && oldObject['reason'] == 'x' && has(object.spec) && object.?series.hasValue() && [1].all(x, x > 0)");
  assert.ok(!(p instanceof Error));
  assert.deepEqual(objectFieldsRead(p.ast).sort(), ['note', 'reason', 'series', 'spec']);
});

test('unknown top-level fields are reported per matched kind; known ones and unchecked kinds are not', () => {
  const events = [{ apiGroups: ['events.orch.io', ''], apiVersions: ['v1'], resources: ['events'], operations: ['CREATE'] }];
  const warnings = typeCheckPolicy(policy(events, ['object.note != ""', 'object.spec.replicas > 1', 'object.message != ""']));
  assert.deepEqual(warnings, [
    { fieldRef: 'spec.validations[0].expression', warning: "v1, Kind=Event: ERROR: undefined field 'note'" },
    { fieldRef: 'spec.validations[1].expression', warning: "events.orch.io/v1, Kind=Event: ERROR: undefined field 'spec'\nv1, Kind=Event: ERROR: undefined field 'spec'" },
    { fieldRef: 'spec.validations[2].expression', warning: "events.orch.io/v1, Kind=Event: ERROR: undefined field 'message'" },
    { fieldRef: 'spec.auditAnnotations[0].valueExpression', warning: "events.orch.io/v1, Kind=Event: ERROR: undefined field 'nothing'\nv1, Kind=Event: ERROR: undefined field 'nothing'" },
  ]);
  // Wildcards and kinds without schemas are not checked.
  assert.deepEqual(typeCheckPolicy(policy([{ apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }], ['object.whatever == 1'])).length, 0);
  assert.deepEqual(typeCheckPolicy(policy([{ apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }], ['object.whatever == 1'])).length, 0);
});

test('an expression that does not compile is a warning', () => {
  const [w] = typeCheckPolicy(policy([], ['object.x +']));
  assert.equal(w!.fieldRef, 'spec.validations[0].expression');
  assert.match(w!.warning, /^ERROR: /);
});
