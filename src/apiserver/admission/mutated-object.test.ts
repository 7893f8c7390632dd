import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { compileSchema, decodeWithSchema } from '../../machinery/schema/decode.ts';
import { kindSchema } from '../../machinery/openapi/kind-schemas.ts';
import { MutatedObjectError, takeMutated } from './mutated-object.ts';
import type { AdmissionAttributes } from './types.ts';

const schema = compileSchema(kindSchema('io.orch.api.core.v1.ConfigMap'));

function attrs(object: ApiObject): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'ConfigMap' },
    namespace: 'ns',
    name: 'c',
    object,
    dryRun: false,
    decodeObject: (obj) => decodeWithSchema(schema, obj, { prune: true, defaults: true }),
  };
}

const cm = (): ApiObject => ({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', namespace: 'ns', creationTimestamp: null } as never, data: { a: 'b' } });

test('a mutation is decoded through the kind before it replaces the object', () => {
  const a = attrs(cm());
  const before = a.object;
  const changed = takeMutated(a, { ...cm(), data: { a: 'c' }, spec: { x: 1 }, binaryData: {} } as ApiObject);
  assert.equal(changed, true);
  assert.equal(a.object, before, 'the request object is changed in place');
  assert.deepEqual(a.object, { ...cm(), data: { a: 'c' } });
});

test('a mutation that only adds what the kind drops is no change', () => {
  const a = attrs(cm());
  assert.equal(takeMutated(a, { ...cm(), unknown: true } as ApiObject), false);
  assert.deepEqual(a.object, cm());
});

test('a mutation of the wrong type is refused', () => {
  const a = attrs(cm());
  assert.throws(() => takeMutated(a, { ...cm(), data: [] } as unknown as ApiObject), (err: unknown) => {
    assert.ok(err instanceof MutatedObjectError);
    assert.match(err.message, /cannot unmarshal array into Go struct field ConfigMap.data of type map\[string\]string/);
    return true;
  });
  assert.deepEqual(a.object, cm());
});
