// Types declared as Go structs: what the OpenAPI documents, the Go field table and the protobuf
// messages derive from one declaration, including an embedded (inline) struct's wire form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packageGoFields, packageSchemas, type GoPackage } from './go-structs.ts';
import { deriveProtobufKinds } from '../codecs/proto-kinds.ts';
import { decodeRawMessage, encodeRawMessage } from '../codecs/protobuf.ts';
import { metaSchemas } from './meta-schemas.ts';

const pkg: GoPackage = {
  prefix: 'io.orch.api.example.v1',
  goPackage: 'v1',
  structs: {
    Gadget: {
      doc: 'A gadget.',
      kind: { group: 'example.orch.io', version: 'v1', kind: 'Gadget' },
      listDoc: 'Gadgets.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Metadata.'],
        ['name', 2, 'string', 'A required name.'],
        ['mode,omitempty', 3, 'string:GadgetMode', 'The mode.', { enum: ['Fast', 'Slow'], default: 'Fast' }],
        ['*replicas,omitempty', 4, 'int32', 'A pointer: zero is kept.'],
        ['ports,omitempty', 5, '[]Port', 'Ports.', { listType: 'map', listMapKeys: ['port'], patchStrategy: 'merge', patchMergeKey: 'port' }],
        ['scopes,omitempty', 6, '[]string:Scope', 'Named elements.', { listType: 'atomic' }],
        ['limits,omitempty', 7, 'map[string]Quantity:ResourceList', 'A named map.'],
        ['volume', 8, 'Volume', 'A struct holding an embedded one.'],
      ],
    },
    Port: { doc: 'A port.', atomic: true, fields: [['port', 1, 'int32', 'The number.'], ['target,omitempty', 2, 'IntOrString', 'Where it goes.']] },
    Volume: { doc: 'A named volume.', fields: [['name', 1, 'string', 'The name.'], [',inline', 2, 'VolumeSource', '']] },
    VolumeSource: {
      doc: 'Where a volume comes from.',
      fields: [['*emptyDir,omitempty', 1, 'EmptyDir', 'Scratch space.'], ['*hostPath,omitempty', 2, 'HostPath', 'A host directory.']],
    },
    EmptyDir: { doc: 'Scratch space.', fields: [['medium,omitempty', 1, 'string', 'Where it lives.']] },
    HostPath: { doc: 'A host directory.', fields: [['path', 1, 'string', 'The path.']] },
  },
};

test('schemas: required fields in Go order, zero defaults, TypeMeta and the list kind', () => {
  const v2 = packageSchemas(pkg, { v3: false }) as Record<string, any>;
  const gadget = v2['io.orch.api.example.v1.Gadget'];
  assert.deepEqual(gadget.required, ['name', 'volume']);
  assert.deepEqual(Object.keys(gadget.properties), ['apiVersion', 'kind', 'limits', 'metadata', 'mode', 'name', 'ports', 'replicas', 'scopes', 'volume']);
  assert.equal(gadget.properties.name.default, '');
  assert.equal(gadget.properties.mode.default, 'Fast');
  assert.deepEqual(gadget.properties.mode.enum, ['Fast', 'Slow']);
  assert.equal(gadget.properties.replicas.default, undefined);
  assert.equal(gadget.properties.ports['x-kubernetes-patch-merge-key'], 'port');
  assert.deepEqual(gadget.properties.ports['x-kubernetes-list-map-keys'], ['port']);
  assert.deepEqual(gadget['x-kubernetes-group-version-kind'], [{ group: 'example.orch.io', version: 'v1', kind: 'Gadget' }]);
  assert.equal(v2['io.orch.api.example.v1.Port']['x-kubernetes-map-type'], 'atomic');
  assert.ok(v2['io.orch.api.example.v1.GadgetList'].properties.items);
  // The embedded struct's fields are spelled out in place.
  assert.deepEqual(Object.keys(v2['io.orch.api.example.v1.Volume'].properties), ['emptyDir', 'hostPath', 'name']);
  // v3 puts default {} beside a non-pointer struct's reference, never beside a pointer's.
  const v3 = packageSchemas(pkg, { v3: true }) as Record<string, any>;
  assert.deepEqual(v3['io.orch.api.example.v1.Gadget'].properties.volume.default, {});
  assert.equal(v3['io.orch.api.example.v1.Volume'].properties.emptyDir.default, undefined);
});

test('the Go field table: order, pointers, omitempty, named types, TypeMeta first', () => {
  const fields = packageGoFields(pkg);
  assert.deepEqual(fields['io.orch.api.example.v1.Gadget'], [
    'kind,omitempty', 'apiVersion,omitempty', 'metadata,omitempty', 'name', 'mode,omitempty v1.GadgetMode', '*replicas,omitempty',
    'ports,omitempty', 'scopes,omitempty []v1.Scope', 'limits,omitempty v1.ResourceList', 'volume',
  ]);
  assert.deepEqual(fields['io.orch.api.example.v1.Volume'], ['name', '*emptyDir,omitempty', '*hostPath,omitempty']);
  assert.deepEqual(fields['io.orch.api.example.v1.GadgetList'], ['kind,omitempty', 'apiVersion,omitempty', 'metadata,omitempty', 'items']);
});

test('an embedded struct is a nested message on the wire and flat in JSON', () => {
  const defs = { ...metaSchemas({ v3: false }), ...packageSchemas(pkg, { v3: false }) } as Record<string, Record<string, unknown>>;
  const kinds = deriveProtobufKinds(defs);
  const gadget = kinds.byGvk.get('example.orch.io/v1/Gadget')!;
  assert.ok(gadget, `no message: ${kinds.problems.join('; ')}`);
  const obj = { metadata: { name: 'g' }, name: 'g', mode: 'Slow', replicas: 0, volume: { name: 'data', hostPath: { path: '/srv' } } };
  const bytes = Buffer.from(encodeRawMessage(obj, gadget));
  // volume (field 8) holds name (1) and the embedded VolumeSource as message 2, whose hostPath is 2.
  const volume = Buffer.concat([Buffer.from([0x0a, 4]), Buffer.from('data'), Buffer.from([0x12, 8, 0x12, 6, 0x0a, 4]), Buffer.from('/srv')]);
  assert.ok(bytes.includes(Buffer.concat([Buffer.from([0x42, volume.length]), volume])), bytes.toString('hex'));
  assert.deepEqual(decodeRawMessage(bytes, gadget), obj);
});
