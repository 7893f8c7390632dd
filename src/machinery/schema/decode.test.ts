// The decoder against hand-written and OpenAPI-derived schemas: Go's messages for each kind of
// wrong value, nulls as Go makes them, timestamps canonical, hostile keys as plain data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, decodeWithSchema } from './decode.ts';
import { structuralFromOpenApi } from './from-openapi.ts';
import { parseGoField } from './go-struct.ts';
import { kindSchema } from '../openapi/kind-schemas.ts';
import type { StructuralSchema } from './structural.ts';

const configMap = compileSchema(kindSchema('io.orch.api.core.v1.ConfigMap'));
const decode = (body: unknown) => decodeWithSchema(configMap, body);

test('wrong types in ObjectMeta name the Go struct field and type', () => {
  const cases: [unknown, string][] = [
    [{ metadata: { labels: [] } }, 'array into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    [{ metadata: { labels: 'a' } }, 'string into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    [{ metadata: { labels: 7 } }, 'number into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    [{ metadata: { annotations: { a: true } } }, 'bool into Go struct field ObjectMeta.metadata.annotations of type string'],
    [{ metadata: { finalizers: 'x' } }, 'string into Go struct field ObjectMeta.metadata.finalizers of type []string'],
    [{ metadata: { ownerReferences: {} } }, 'object into Go struct field ObjectMeta.metadata.ownerReferences of type []v1.OwnerReference'],
    [{ metadata: { ownerReferences: [{ uid: 1 }] } }, 'number into Go struct field OwnerReference.metadata.ownerReferences.uid of type string'],
    [{ metadata: { name: 5 } }, 'number into Go struct field ObjectMeta.metadata.name of type string'],
    [{ metadata: 'm' }, 'string into Go struct field ConfigMap.metadata of type v1.ObjectMeta'],
    [{ metadata: { generation: 1.5 } }, 'number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64'],
    [{ metadata: { creationTimestamp: 3 } }, 'number into Go struct field ObjectMeta.metadata.creationTimestamp of type string'],
    [{ binaryData: { k: 1 } }, 'number into Go struct field ConfigMap.binaryData of type []uint8'],
    [{ immutable: 'yes' }, 'string into Go struct field ConfigMap.immutable of type bool'],
  ];
  for (const [body, want] of cases) assert.equal(decode(body), `json: cannot unmarshal ${want}`, JSON.stringify(body));
});

test('a root that is no object, bad base64 and bad timestamps get Go’s own messages', () => {
  assert.equal(decode([]), 'json: cannot unmarshal array into Go value of type v1.ConfigMap');
  assert.equal(decode({ binaryData: { k: 'ab%=' } }), 'illegal base64 data at input byte 2');
  assert.match(decode({ metadata: { creationTimestamp: 'yesterday' } })!, /^parsing time "yesterday"/);
});

test('well-typed values pass; nulls become absent fields or Go zero values; times become canonical', () => {
  const body = {
    metadata: { name: 'a', labels: { x: null }, finalizers: [null, 'f'], ownerReferences: [null], namespace: null, creationTimestamp: '2026-01-02T03:04:05.9+01:00' },
    data: { k: 'v', n: null },
    binaryData: { b: 'AAEC\n' },
    unknownField: [1, { deep: true }],
  };
  assert.equal(decode(body), undefined);
  assert.deepEqual(body, {
    metadata: { name: 'a', labels: { x: '' }, finalizers: ['', 'f'], ownerReferences: [{}], creationTimestamp: '2026-01-02T02:04:05Z' },
    data: { k: 'v', n: '' },
    binaryData: { b: 'AAEC\n' },
    unknownField: [1, { deep: true }],
  });
});

test('rules, subjects and webhooks are typed down to their items', () => {
  const role = compileSchema(kindSchema('io.orch.api.rbac.v1.ClusterRole'));
  assert.equal(decodeWithSchema(role, { rules: [{ verbs: [1] }] }), 'json: cannot unmarshal number into Go struct field PolicyRule.rules.verbs of type string');
  const binding = compileSchema(kindSchema('io.orch.api.rbac.v1.RoleBinding'));
  assert.equal(decodeWithSchema(binding, { subjects: 's' }), 'json: cannot unmarshal string into Go struct field RoleBinding.subjects of type []v1.Subject');
  const hooks = compileSchema(kindSchema('io.orch.api.admissionregistration.v1.ValidatingWebhookConfiguration'));
  assert.equal(
    decodeWithSchema(hooks, { webhooks: [{ clientConfig: { service: { port: '443' } } }] }),
    'json: cannot unmarshal string into Go struct field ServiceReference.webhooks.clientConfig.service.port of type int32',
  );
  assert.equal(decodeWithSchema(hooks, { webhooks: [{ timeoutSeconds: 2 ** 31 }] }), `json: cannot unmarshal number ${2 ** 31} into Go struct field ValidatingWebhook.webhooks.timeoutSeconds of type int32`);
});

test('int-or-string and preserve-unknown-fields accept what Go accepts', () => {
  const schema: StructuralSchema = {
    type: 'object',
    goType: 'v1.Thing',
    properties: { port: { 'x-kubernetes-int-or-string': true }, raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
  };
  const c = compileSchema(schema);
  assert.equal(decodeWithSchema(c, { port: 'http', raw: [1] }), undefined);
  assert.equal(decodeWithSchema(c, { port: 8080 }), undefined);
  assert.equal(decodeWithSchema(c, { port: true }), 'json: cannot unmarshal bool into Go struct field Thing.port of type int32');
});

test('keys such as __proto__ and constructor are data: checked, never inherited, never written to a prototype', () => {
  const body = JSON.parse('{"metadata":{"labels":{"__proto__":"x","constructor":"y"}},"data":{"__proto__":null}}');
  assert.equal(decode(body), undefined);
  assert.deepEqual(Object.keys(body.metadata.labels), ['__proto__', 'constructor']);
  assert.equal(Object.getOwnPropertyDescriptor(body.data, '__proto__')?.value, '');
  assert.equal(({} as Record<string, unknown>)['x'], undefined);
  const bad = JSON.parse('{"metadata":{"labels":{"__proto__":{"x":1}}}}');
  assert.equal(decode(bad), 'json: cannot unmarshal object into Go struct field ObjectMeta.metadata.labels of type string');
  // An inherited member is not the object's: a polluted prototype adds no field to check.
  const inherited = Object.create({ labels: [] });
  assert.equal(decode({ metadata: inherited }), undefined);
});

test('deep input is walked without recursion', () => {
  let deep: unknown = 'leaf';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.equal(decode({ metadata: { name: 'a' }, unknownField: deep }), undefined);
  const schema: StructuralSchema = { type: 'object', goType: 'v1.List', properties: { items: { type: 'array', items: { type: 'array', items: { type: 'string' } } } } };
  assert.equal(decodeWithSchema(compileSchema(schema), { items: [[1]] }), 'json: cannot unmarshal number into Go struct field List.items of type string');
});

test('definitions become structural schemas with references inlined and Go types named', () => {
  const defs = {
    'io.x.api.v1.Outer': { type: 'object', properties: { inner: { $ref: '#/definitions/io.x.api.v1.Inner', description: 'here' } } },
    'io.x.api.v1.Inner': { type: 'object', description: 'there', properties: { n: { type: 'integer', format: 'int32' } } },
  };
  // Property maps have no prototype (a field may be called "__proto__"); compare them as JSON.
  assert.deepEqual(JSON.parse(JSON.stringify(structuralFromOpenApi(defs, 'io.x.api.v1.Outer'))), {
    type: 'object',
    properties: { inner: { type: 'object', description: 'here', properties: { n: { type: 'integer', format: 'int32' } }, goType: 'v1.Inner' } },
    goType: 'v1.Outer',
  });
});

test('quantities decode as resource.Quantity: canonical strings, Go\'s parse errors, named map types', () => {
  const quantity: StructuralSchema = { goType: 'resource.Quantity' };
  const list: StructuralSchema = { type: 'object', additionalProperties: quantity, goType: 'v1.ResourceList' };
  const spec: StructuralSchema = { type: 'object', goType: 'v1.ResourceQuotaSpec', properties: { hard: list, scopes: { type: 'array', items: { type: 'string' }, goType: '[]v1.ResourceQuotaScope' } } };
  const quota = compileSchema({ type: 'object', goType: 'v1.ResourceQuota', properties: { spec } });
  const body: Record<string, any> = { spec: { hard: { pods: 10, cpu: '0.5', memory: null } } };
  assert.equal(decodeWithSchema(quota, body), undefined);
  assert.deepEqual(body['spec'].hard, { pods: '10', cpu: '500m', memory: '0' });
  assert.match(decodeWithSchema(quota, { spec: { hard: { cpu: 'x' } } })!, /^quantities must match the regular expression/);
  assert.equal(decodeWithSchema(quota, { spec: { hard: [] } }), 'json: cannot unmarshal array into Go struct field ResourceQuotaSpec.spec.hard of type v1.ResourceList');
  assert.equal(decodeWithSchema(quota, { spec: { scopes: 'x' } }), 'json: cannot unmarshal string into Go struct field ResourceQuotaSpec.spec.scopes of type []v1.ResourceQuotaScope');
});

test('a Go struct tag may name the field\'s Go type', () => {
  assert.deepEqual(parseGoField('hard,omitempty v1.ResourceList'), { name: 'hard', pointer: false, omitEmpty: true, goType: 'v1.ResourceList' });
});
