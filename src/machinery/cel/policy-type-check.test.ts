import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValidatingAdmissionPolicy } from '../../api/admissionregistration/v1/types.ts';
import { resourcesToCheck, sortKinds, typeCheckPolicy, type SchemaNode, type TypedKind } from './policy-type-check.ts';
import { selectChains } from './select-chains.ts';
import { CelCompiler } from './environment.ts';

const schemas: Record<string, SchemaNode> = {
  Deployment: { type: 'object', properties: { apiVersion: { type: 'string' }, metadata: { $ref: 'Meta' }, spec: { allOf: [{ $ref: 'Spec' }] } } },
  Meta: { type: 'object', properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
  Spec: { type: 'object', properties: { replicas: { type: 'integer' }, template: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
  Params: { type: 'object', properties: { max: { type: 'integer' } } },
};
const deref = (node: unknown): SchemaNode | undefined => {
  const n = node as SchemaNode | undefined;
  if (typeof n?.$ref === 'string') return schemas[n.$ref];
  if (Array.isArray(n?.allOf)) return deref(n.allOf[0]);
  return n;
};
const deployment: TypedKind = { gvk: { group: 'apps', version: 'v1', kind: 'Deployment' }, schema: schemas.Deployment!, deref };
const params: TypedKind = { gvk: { group: 'example.orch.io', version: 'v1', kind: 'Limits' }, schema: schemas.Params!, deref };

const policy = (validations: Array<{ expression: string; messageExpression?: string }>): ValidatingAdmissionPolicy => ({ metadata: { name: 'p' }, spec: { validations } });

test('chains of selects on variables, longest only, with the offset of each dot', () => {
  const p = new CelCompiler({ object: 'dyn', params: 'dyn' }).compile('object.spec.replicas > params.max && has(object.metadata.labels)');
  assert.ok(!(p instanceof Error));
  assert.deepEqual(selectChains(p.ast).map((c) => [c.root, c.fields.map((f) => `${f.name}@${f.offset}`).join(',')]), [
    ['object', 'spec@6,replicas@11'],
    ['params', 'max@29'],
    ['object', 'metadata@47,labels@56'],
  ]);
});

test('an unknown field is reported per kind as cel-go words it; maps, preserved fields and known fields pass', () => {
  const warnings = typeCheckPolicy(
    policy([
      { expression: 'object.spec.replicas <= params.max && object.metadata.labels.team == "a"' },
      { expression: 'object.spec.replica > 1', messageExpression: 'object.spec.template.anything.goes' },
      { expression: 'params.min < 1' },
    ]),
    [deployment],
    params,
  );
  assert.deepEqual(warnings, [
    { fieldRef: 'spec.validations[1].expression', warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replica'\n | object.spec.replica > 1\n | ...........^\n" },
    { fieldRef: 'spec.validations[2].expression', warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'min'\n | params.min < 1\n | ......^\n" },
  ]);
});

test('without a kind to check nothing is reported, not even an expression that does not compile', () => {
  assert.deepEqual(typeCheckPolicy(policy([{ expression: 'object.x +' }]), []), []);
  const [w] = typeCheckPolicy(policy([{ expression: 'object.x +' }]), [deployment]);
  assert.match(w!.warning, /^apps\/v1, Kind=Deployment: ERROR: /);
});

test('rules with wildcards are not checked; kinds are sorted and at most ten', () => {
  const p: ValidatingAdmissionPolicy = {
    metadata: { name: 'p' },
    spec: { matchConstraints: { resourceRules: [
      { apiGroups: ['*'], apiVersions: ['v1'], resources: ['pods'] },
      { apiGroups: ['', 'apps'], apiVersions: ['v1'], resources: ['pods', 'pods/status', '*', 'deployments'] },
    ] } },
  } as never;
  assert.deepEqual(resourcesToCheck(p).map((r) => `${r.group}/${r.version}/${r.resource}`), ['/v1/deployments', '/v1/pods', 'apps/v1/deployments', 'apps/v1/pods']);
  const many = Array.from({ length: 12 }, (_, i) => ({ group: 'g', version: 'v1', kind: `K${String(11 - i).padStart(2, '0')}` }));
  const sorted = sortKinds(many);
  assert.equal(sorted.length, 10);
  assert.equal(sorted[0]!.kind, 'K02');
});
