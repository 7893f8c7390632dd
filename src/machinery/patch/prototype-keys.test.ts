// Keys that name JavaScript members ("__proto__", "constructor") are data to every patch
// algorithm: merged, replaced and deleted like any key, never written through to a prototype.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from './merge-patch.ts';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';
import { eventSchema } from './schema.ts';
import { cloneJson, jsonCopyForSharing } from './json-value.ts';
import { sampleEvent } from './testing-fixtures.ts';

const patchText = '{"__proto__":{"polluted":"top"},"metadata":{"__proto__":{"polluted":"meta"},"constructor":{"polluted":"ctor"},"labels":{"__proto__":"l","constructor":"c"}}}';

function assertClean(): void {
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
}

for (const [name, apply] of [
  ['merge patch', (p: unknown) => applyMergePatch(sampleEvent(), p)],
  ['strategic merge patch', (p: unknown) => applyStrategicMergePatch(sampleEvent(), p, eventSchema)],
] as const) {
  test(`${name}: "__proto__" and "constructor" keys become own members of the result`, () => {
    const out = apply(JSON.parse(patchText)) as Record<string, any>;
    assertClean();
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal(Object.getPrototypeOf(out.metadata), Object.prototype);
    assert.equal(JSON.stringify(out.metadata.labels), '{"app":"web","__proto__":"l","constructor":"c"}');
    assert.equal(JSON.stringify(out.metadata.__proto__), '{"polluted":"meta"}');
    assert.equal(JSON.stringify(out.metadata.constructor), '{"polluted":"ctor"}');
    assert.equal(out.polluted, undefined, 'nothing inherited from the patch');

    const removed = apply(JSON.parse('{"metadata":{"labels":{"constructor":null,"app":null}}}')) as Record<string, any>;
    assert.deepEqual(removed.metadata.labels, {});
  });
}

test('copies keep "__proto__" as an own member and inherit nothing from it', () => {
  const value = JSON.parse('{"a":{"__proto__":{"x":1},"b":2}}');
  for (const copy of [cloneJson(value), jsonCopyForSharing(value)]) {
    assert.equal(JSON.stringify(copy), '{"a":{"__proto__":{"x":1},"b":2}}');
    assert.equal(Object.getPrototypeOf(copy.a), Object.prototype);
    assert.equal(copy.a.x, undefined);
  }
  assertClean();
});
