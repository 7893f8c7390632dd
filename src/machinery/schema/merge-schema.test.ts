import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldSchema, itemSchema, mergeSchemaOf, type ListSchema, type StructSchema } from './merge-schema.ts';
import { kindSchema } from '../openapi/kind-schemas.ts';
import { applyStrategicMergePatch } from '../patch/strategic-merge-patch.ts';
import { serverSideApply } from '../managedfields/apply.ts';
import type { StructuralSchema } from './structural.ts';

const event = () => mergeSchemaOf(kindSchema('io.orch.api.events.v1.Event'));

test('ObjectMeta lists merge as Kubernetes declares them, for patches and for apply', () => {
  const meta = fieldSchema(event(), 'metadata');
  const owners = fieldSchema(meta, 'ownerReferences') as ListSchema;
  assert.deepEqual([owners.listType, owners.keys, owners.patch, owners.mergeKey], ['map', ['uid'], 'keyed', 'uid']);
  const finalizers = fieldSchema(meta, 'finalizers') as ListSchema;
  assert.deepEqual([finalizers.listType, finalizers.patch], ['set', 'set']);
  const managed = fieldSchema(meta, 'managedFields') as ListSchema;
  assert.deepEqual([managed.listType, managed.patch], ['atomic', 'replace']);
  assert.equal(fieldSchema(meta, 'labels')?.kind, 'map');
  assert.equal(fieldSchema(fieldSchema(meta, 'labels'), 'any-key')?.kind, 'scalar');
});

test('non-pointer struct fields (published with default {}) are always present; pointers and list items are not', () => {
  const ev = event() as StructSchema;
  assert.equal(ev.alwaysPresent, undefined, 'the root');
  assert.equal((fieldSchema(ev, 'metadata') as StructSchema).alwaysPresent, true);
  assert.equal((fieldSchema(ev, 'regarding') as StructSchema).alwaysPresent, true);
  assert.equal((fieldSchema(ev, 'deprecatedSource') as StructSchema).alwaysPresent, true);
  assert.equal((fieldSchema(ev, 'related') as StructSchema).alwaysPresent, undefined);
  assert.equal((fieldSchema(ev, 'series') as StructSchema).alwaysPresent, undefined);
  const owners = fieldSchema(fieldSchema(ev, 'metadata'), 'ownerReferences');
  assert.equal((itemSchema(owners) as StructSchema).alwaysPresent, undefined);
  assert.equal(fieldSchema(ev, 'eventTime')?.kind, 'scalar');
  assert.equal(fieldSchema(ev, 'colour'), undefined, 'undeclared fields are deduced');
});

test('a list merges in a strategic merge patch by its patch strategy, in an apply by its list type', () => {
  const schema: StructuralSchema = {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { name: { type: 'string' } } },
      // A list Kubernetes patches by key but applies atomically (as some older fields are).
      ports: {
        type: 'array',
        'x-kubernetes-patch-strategy': 'merge',
        'x-kubernetes-patch-merge-key': 'port',
        items: { type: 'object', properties: { port: { type: 'integer' }, name: { type: 'string' } } },
      },
      // One applied as a map by two keys, replaced by a strategic merge patch.
      rules: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port', 'protocol'],
        items: { type: 'object', properties: { port: { type: 'integer' }, protocol: { type: 'string' }, note: { type: 'string' } } },
      },
      tags: { type: 'array', 'x-kubernetes-patch-strategy': 'merge', items: { type: 'string' } },
    },
  };
  const obj = {
    apiVersion: 'v1',
    kind: 'Thing',
    metadata: { name: 't' },
    ports: [{ port: 80, name: 'http' }],
    rules: [{ port: 80, protocol: 'TCP', note: 'a' }],
    tags: ['a'],
  };
  const patched = applyStrategicMergePatch(obj, { ports: [{ port: 443, name: 'https' }], rules: [{ port: 81, protocol: 'TCP' }], tags: ['b'] }, schema);
  assert.deepEqual(patched['ports'], [{ port: 80, name: 'http' }, { port: 443, name: 'https' }]);
  assert.deepEqual(patched['rules'], [{ port: 81, protocol: 'TCP' }]);
  assert.deepEqual(patched['tags'], ['a', 'b']);

  const applied = serverSideApply({
    current: undefined,
    applied: { apiVersion: 'v1', kind: 'Thing', metadata: { name: 't' }, rules: [{ port: 80, protocol: 'TCP', note: 'a' }], ports: [{ port: 80 }] },
    manager: 'm',
    force: false,
    apiVersion: 'v1',
    time: '2026-01-02T03:04:05Z',
    schema,
  });
  const fields = (applied.metadata!.managedFields![0] as { fieldsV1: Record<string, unknown> }).fieldsV1;
  assert.deepEqual(fields['f:ports'], {}, 'a list without a list type is atomic for apply');
  assert.deepEqual(fields['f:rules'], { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:note': {}, 'f:port': {}, 'f:protocol': {} } });
});

test('the derivation is cached per schema object', () => {
  const schema = kindSchema('io.orch.api.core.v1.ConfigMap');
  assert.equal(mergeSchemaOf(schema), mergeSchemaOf(schema));
});
