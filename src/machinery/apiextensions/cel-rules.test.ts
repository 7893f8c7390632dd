import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { compileCelRules } from './cel-rules.ts';
import { compileValueValidator } from './value-validation.ts';

const show = (cs: { field?: string; message?: string }[]) => cs.map((c) => `${c.field}: ${c.message}`);

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        { rule: 'self.minReplicas <= self.replicas', message: 'replicas must be at least minReplicas' },
        { rule: 'self.replicas >= oldSelf.replicas', reason: 'FieldValueForbidden', fieldPath: '.replicas', messageExpression: '"replicas may not shrink from " + string(oldSelf.replicas)' },
        { rule: '!has(oldSelf.mode) || self.mode == oldSelf.mode', message: 'mode is immutable' },
      ],
      properties: {
        replicas: { type: 'integer' },
        minReplicas: { type: 'integer' },
        ratio: { type: 'number', 'x-kubernetes-validations': [{ rule: 'self < 1.0' }] },
        mode: { type: 'string' },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, port: { type: 'integer' } },
            'x-kubernetes-validations': [{ rule: 'self.port == oldSelf.port', message: 'port is immutable' }],
          },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size() <= 5' }] } },
        created: { type: 'integer', 'x-kubernetes-validations': [{ rule: '!oldSelf.hasValue() || self == oldSelf.value()', optionalOldSelf: true, message: 'fixed' }] },
      },
    },
  },
};

test('rules fail with their message, reason and fieldPath; transition rules need an old value', () => {
  const rules = compileCelRules(schema);
  assert.deepEqual(rules.errors, []);
  assert.equal(rules.hasRules, true);
  assert.deepEqual(show(rules.validate({ spec: { replicas: 1, minReplicas: 2 } }, undefined)), ['spec: Invalid value: "object": replicas must be at least minReplicas']);
  const upd = rules.validate({ spec: { replicas: 1, minReplicas: 1, mode: 'b' } }, { spec: { replicas: 3, minReplicas: 1, mode: 'a' } });
  assert.deepEqual(show(upd), ['spec.replicas: Forbidden: replicas may not shrink from 3', 'spec: Invalid value: "object": mode is immutable']);
  assert.equal(upd[0]!.reason, 'FieldValueForbidden');
  assert.deepEqual(show(rules.validate({ spec: { replicas: 1, minReplicas: 1, ratio: 1.5 } }, undefined)), ['spec.ratio: Invalid value: "number": failed rule: self < 1.0']);
  // Integral JSON numbers are doubles where the schema says number.
  assert.deepEqual(show(rules.validate({ spec: { replicas: 1, minReplicas: 1, ratio: 0 } }, undefined)), []);
});

test('list-type map items correlate by key, map values by key; optionalOldSelf runs on create', () => {
  const rules = compileCelRules(schema);
  const base = { replicas: 1, minReplicas: 1 };
  const old = { spec: { ...base, ports: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }], created: 5 } };
  const now = { spec: { ...base, ports: [{ name: 'b', port: 3 }, { name: 'c', port: 9 }, { name: 'a', port: 1 }], created: 6, labels: { x: 'toolong' } } };
  assert.deepEqual(show(rules.validate(now, old)), [
    'spec.ports[0]: Invalid value: "object": port is immutable',
    'spec.labels[x]: Invalid value: "string": failed rule: self.size() <= 5',
    'spec.created: Invalid value: "integer": fixed',
  ]);
  assert.deepEqual(show(rules.validate({ spec: { ...base, created: 1 } }, undefined)), []);
});

test('evaluation errors and compile errors are reported as Kubernetes words them', () => {
  const bad: JSONSchemaProps = {
    type: 'object',
    properties: {
      a: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self / 0 == 1' }] },
      b: { type: 'object', properties: { c: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: 'self.c == "x"' }] },
    },
  };
  const r = compileCelRules(bad);
  assert.deepEqual(show(r.validate({ a: 1, b: {} }, undefined)), ['a: Invalid value: "integer": division by zero evaluating rule: self / 0 == 1', 'b: Invalid value: "object": no such key: c evaluating rule: self.c == "x"']);
  const broken: JSONSchemaProps = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        'x-kubernetes-validations': [{ rule: 'self.x >' }, { rule: '1 + 1' }, { rule: 'true', reason: 'Nope' }, { rule: 'true', optionalOldSelf: true }],
        properties: { list: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } } },
      },
    },
  };
  const e = compileCelRules(broken, { schemaPath: 'spec.versions[0].schema.openAPIV3Schema' }).errors;
  const p = 'spec.versions[0].schema.openAPIV3Schema.properties[spec]';
  assert.equal(e[0]!.field, `${p}.x-kubernetes-validations[0].rule`);
  assert.match(e[0]!.message!, /^Invalid value: apiextensions.ValidationRule\{Rule:"self.x >".*compilation failed: /);
  assert.equal(e[1]!.message!.endsWith('cel expression must evaluate to a bool'), true);
  assert.equal(`${e[2]!.field}: ${e[2]!.message}`, `${p}.x-kubernetes-validations[2].reason: Unsupported value: "Nope": supported values: "FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"`);
  assert.equal(`${e[3]!.field}: ${e[3]!.message}`, `${p}.x-kubernetes-validations[3].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`);
  assert.equal(`${e[4]!.field}: ${e[4]!.message}`, `${p}.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${p}.properties[list]`);
});

test('a rule that reads too many list elements is stopped with the cost message', () => {
  const s: JSONSchemaProps = {
    type: 'object',
    properties: { l: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, self.all(z, x + y + z >= 0)))' }] } },
  };
  const list = Array.from({ length: 120 }, (_, i) => i);
  assert.deepEqual(show(compileCelRules(s).validate({ l: list }, undefined)), [
    "l: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': call cost exceeds limit for rule: self.all(x, self.all(y, self.all(z, x + y + z >= 0)))",
  ]);
  assert.deepEqual(show(compileCelRules(s, { perCallLimit: 1e9, perRequestBudget: 50_000 }).validate({ l: list }, undefined)), [
    'l: Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run',
  ]);
  assert.deepEqual(compileCelRules(s).validate({ l: [1, 2, 3] }, undefined), []);
});

test('a 2 KB object with five rules validates in well under 100 µs after compile', () => {
  const widget: JSONSchemaProps = {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        required: ['replicas', 'image'],
        'x-kubernetes-validations': [
          { rule: 'self.minReplicas <= self.replicas' },
          { rule: 'self.replicas >= oldSelf.replicas', message: 'may not scale down' },
          { rule: 'self.containers.all(c, c.name.size() < 64)' },
        ],
        properties: {
          replicas: { type: 'integer', minimum: 0, maximum: 100 },
          minReplicas: { type: 'integer', minimum: 0 },
          image: { type: 'string', pattern: '^[a-z0-9./:-]+$', maxLength: 200 },
          mode: { type: 'string', enum: ['Fast', 'Safe'] },
          containers: {
            type: 'array',
            maxItems: 20,
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
            items: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', maxLength: 63 },
                args: { type: 'array', items: { type: 'string' } },
                env: { type: 'object', additionalProperties: { type: 'string' } },
                port: { type: 'integer', format: 'int32', 'x-kubernetes-validations': [{ rule: 'self > 0 && self < 65536' }] },
              },
            },
          },
          labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-validations': [{ rule: "!('forbidden' in self)" }] },
        },
      },
    },
  };
  const containers = Array.from({ length: 6 }, (_, i) => ({ name: `c${i}`, args: ['--verbose', `--id=${i}`], env: { A: 'x', B: 'y', C: `z${i}` }, port: 8080 + i }));
  const obj = { apiVersion: 'example.orch.io/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec: { replicas: 3, minReplicas: 1, image: 'registry.example/widget:1.2.3', mode: 'Safe', containers, labels: { app: 'widget', tier: 'backend', team: 'platform' } } };
  const old = structuredClone(obj);
  while (JSON.stringify(obj).length < 2048) obj.spec.labels[`extra${Object.keys(obj.spec.labels).length}` as 'app'] = 'some-label-value';
  const values = compileValueValidator(widget);
  const rules = compileCelRules(widget);
  assert.deepEqual(values(obj, ''), []);
  assert.deepEqual(rules.validate(obj, old), []);
  const n = 5000;
  for (let i = 0; i < 500; i++) (values(obj, ''), rules.validate(obj, old));
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) (values(obj, ''), rules.validate(obj, old));
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) values(obj, '');
  const usValues = Number(process.hrtime.bigint() - t1) / 1000 / n;
  console.log(`of which schema validation ${usValues.toFixed(1)} µs`);
  console.log(`validating a ${JSON.stringify(obj).length}-byte object (schema + 5 CEL rules + transition rule): ${us.toFixed(1)} µs`);
});
