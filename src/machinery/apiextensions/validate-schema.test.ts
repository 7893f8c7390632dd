import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { validateCrdSchema } from './validate-schema.ts';

const P = 'spec.versions[0].schema.openAPIV3Schema';
const show = (r: ReturnType<typeof validateCrdSchema>) => r.causes.map((c) => `${c.field}: ${c.message}`);

test('a structural schema passes', () => {
  const s: JSONSchemaProps = {
    type: 'object',
    properties: {
      metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } },
      spec: {
        type: 'object',
        'x-kubernetes-validations': [{ rule: 'self.replicas >= 0' }],
        properties: {
          replicas: { type: 'integer', default: 1 },
          port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
          ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
          extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        },
      },
    },
  };
  assert.deepEqual(validateCrdSchema(s, P), { causes: [], structuralErrors: [] });
});

test('non-structural schemas and bad keywords are reported with Kubernetes messages', () => {
  const s: JSONSchemaProps = {
    type: 'object',
    properties: {
      metadata: { type: 'object', properties: { labels: { type: 'object' } } },
      spec: {
        type: 'object',
        properties: {
          a: {},
          b: { type: 'string', pattern: '^(?=x)' },
          c: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: { type: 'string' } },
          d: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'], items: { type: 'object', properties: { k: { type: 'string' } } } },
          e: { type: 'integer', default: 'x' },
          f: { type: 'object', properties: { x: { type: 'string' } }, default: { x: 'a', y: 1 } },
          g: { type: 'string', anyOf: [{ type: 'string' }] },
          h: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self >' }] },
        },
      },
    },
  };
  const r = validateCrdSchema(s, P);
  const lines = show(r);
  const expect = [
    `${P}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    `${P}.properties[spec].properties[a].type: Required value: must not be empty for specified object fields`,
    `${P}.properties[spec].properties[g].anyOf[0].type: Forbidden: must be empty to be structural`,
    `${P}.properties[spec].properties[b].pattern: Invalid value: "^(?=x)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: \`(?=\``,
    `${P}.properties[spec].properties[c].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
    `${P}.properties[spec].properties[d].items.properties[k].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`,
    `${P}.properties[spec].properties[e].default: Invalid value: "string": ${P}.properties[spec].properties[e].default in body must be of type integer: "string"`.replace(`${P}.properties[spec].properties[e].default in body`, ' in body'),
  ];
  for (const e of expect.slice(0, 6)) assert.ok(lines.includes(e), `missing ${e}\n${lines.join('\n')}`);
  assert.ok(lines.some((l) => l.startsWith(`${P}.properties[spec].properties[e].default: Invalid value: "string"`)), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith(`${P}.properties[spec].properties[f].default: Invalid value:`) && l.endsWith('must not have unknown fields, got: y')), lines.join('\n'));
  assert.deepEqual(r.structuralErrors.slice(0, 2), [
    `${P}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    `${P}.properties[spec].properties[a].type: Required value: must not be empty for specified object fields`,
  ]);
});

test('CEL rule compile errors are part of the schema validation', () => {
  const s: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.x >' }] } } };
  const [cause] = validateCrdSchema(s, P).causes;
  assert.equal(cause!.field, `${P}.properties[spec].x-kubernetes-validations[0].rule`);
  assert.match(cause!.message!, /compilation failed/);
});
