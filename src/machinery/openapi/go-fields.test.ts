// Every published definition with fields has its Go struct declared, field for field, so that
// every kind decodes and answers in Go's order and encoding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGoField } from '../schema/go-struct.ts';
import { openapiV3Schemas } from './definitions.ts';
import { goFieldsOf } from './go-fields.ts';

test('each definition with fields has exactly its Go struct\'s fields', () => {
  const defs = openapiV3Schemas() as Record<string, { properties?: Record<string, unknown> }>;
  const problems: string[] = [];
  for (const [name, def] of Object.entries(defs)) {
    if (!def.properties) continue;
    const tags = goFieldsOf(name);
    if (!tags) {
      problems.push(`${name}: no Go struct`);
      continue;
    }
    const go = tags.map((t) => parseGoField(t).name);
    const published = Object.keys(def.properties);
    for (const f of published) if (!go.includes(f)) problems.push(`${name}: ${f} is not in the Go struct`);
    for (const f of go) if (!published.includes(f)) problems.push(`${name}: Go field ${f} is not published`);
    if (new Set(go).size !== go.length) problems.push(`${name}: a Go field is listed twice`);
  }
  assert.deepEqual(problems, []);
});

test('a tag reads as Go writes it', () => {
  assert.deepEqual(parseGoField('*deletionTimestamp,omitempty'), { name: 'deletionTimestamp', pointer: true, omitEmpty: true });
  assert.deepEqual(parseGoField('reportingComponent'), { name: 'reportingComponent', pointer: false, omitEmpty: false });
});
