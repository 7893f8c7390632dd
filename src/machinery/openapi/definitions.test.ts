import { test } from 'node:test';
import assert from 'node:assert/strict';
import { definitionName, definitionsWithProtobuf, openapiV2Definitions, openapiV3Schemas, v3Definition } from './definitions.ts';

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

test('every $ref resolves, in both dialects', () => {
  const v2 = openapiV2Definitions();
  for (const ref of refsIn(v2)) {
    assert.ok(ref.startsWith('#/definitions/'), ref);
    assert.ok(v2[ref.slice('#/definitions/'.length)], `missing ${ref}`);
  }
  const v3 = openapiV3Schemas();
  for (const ref of refsIn(v3)) {
    assert.ok(ref.startsWith('#/components/schemas/'), ref);
    assert.ok(v3[ref.slice('#/components/schemas/'.length)], `missing ${ref}`);
  }
});

test('top-level kinds carry their group/version/kind', () => {
  const v3 = openapiV3Schemas() as Record<string, Record<string, unknown>>;
  assert.deepEqual(v3['io.orch.api.events.v1.Event']!['x-kubernetes-group-version-kind'], [{ group: 'events.orch.io', kind: 'Event', version: 'v1' }]);
  assert.deepEqual(v3['io.orch.api.core.v1.Event']!['x-kubernetes-group-version-kind'], [{ group: '', kind: 'Event', version: 'v1' }]);
  assert.deepEqual(v3['io.orch.api.events.v1.Event']!['required'], ['eventTime']);
  assert.equal(definitionName('events.orch.io', 'v1', 'Event'), 'io.orch.api.events.v1.Event');
  assert.equal(definitionName('', 'v1', 'Event'), 'io.orch.api.core.v1.Event');
  for (const gvkName of ['io.orch.apimachinery.pkg.apis.meta.v1.DeleteOptions', 'io.orch.apimachinery.pkg.apis.meta.v1.WatchEvent']) {
    assert.ok(Array.isArray(v3[gvkName]!['x-kubernetes-group-version-kind']));
  }
});

test('Event fields are described, with the spec wording', () => {
  const v2 = openapiV2Definitions() as Record<string, { properties: Record<string, { description?: string; $ref?: string }> }>;
  const props = v2['io.orch.api.events.v1.Event']!.properties;
  assert.deepEqual(Object.keys(props).sort(), [
    'action', 'apiVersion', 'deprecatedCount', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'deprecatedSource', 'eventTime', 'kind',
    'metadata', 'note', 'reason', 'regarding', 'related', 'reportingController', 'reportingInstance', 'series', 'type',
  ]);
  assert.match(props['note']!.description!, /Maximum length 1 kB/);
  assert.equal(props['eventTime']!.$ref, '#/definitions/io.orch.apimachinery.pkg.apis.meta.v1.MicroTime');
  const micro = (openapiV2Definitions() as Record<string, Record<string, unknown>>)['io.orch.apimachinery.pkg.apis.meta.v1.MicroTime']!;
  assert.equal(micro['format'], 'date-time');
});

test('the protobuf field numbers stay out of the published documents', () => {
  for (const defs of [openapiV2Definitions(), openapiV3Schemas()]) assert.equal(JSON.stringify(defs).includes('x-orch-protobuf'), false);
  const withNumbers = definitionsWithProtobuf() as Record<string, { properties: Record<string, Record<string, unknown>> }>;
  assert.equal(withNumbers['io.orch.api.events.v1.Event']!.properties['note']!['x-orch-protobuf'], 10);
});

test('a definition built on its own, with only its package, is the one the v3 documents publish', () => {
  const published = openapiV3Schemas();
  for (const [name, def] of Object.entries(published)) assert.deepEqual(v3Definition(name), def, name);
  assert.equal(v3Definition('io.orch.api.core.v1.NoSuchKind'), undefined);
});
