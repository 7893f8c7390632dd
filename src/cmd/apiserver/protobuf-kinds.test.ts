// Every served resource that offers protobuf (`protobuf: true`) has a complete message derived
// from its definition: each of its fields, and of every message it reaches, carries Kubernetes'
// field number, for the kind and for its list. A definition missing a number fails here, before a
// client could lose that field on the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiVersionOf } from '../../apiserver/registry/resource.ts';
import { deriveProtobufKinds, messageFor } from '../../machinery/codecs/proto-kinds.ts';
import { definitionsWithProtobuf } from '../../machinery/openapi/definitions.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';
import type { FlagValues } from '../../options/flag.ts';
import { composeApiserver } from './compose.ts';

test('each served declaration with protobuf: true has a definition with every field number', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orch-protobuf-kinds-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const composed = await composeApiserver(apiserverOptions({ 'data-dir': dataDir } as FlagValues));
  t.after(() => composed.close());

  const kinds = deriveProtobufKinds(definitionsWithProtobuf());
  assert.deepEqual(kinds.problems, [], 'every definition with field numbers is a complete message');
  const missing: string[] = [];
  let checked = 0;
  for (const { declaration: decl, subresource } of composed.resources) {
    if (subresource || !decl.protobuf) continue;
    const apiVersion = apiVersionOf(decl);
    const message = messageFor(kinds, apiVersion, decl.kind);
    if (!message) missing.push(`${apiVersion} ${decl.kind}: no message`);
    else if (decl.openapiDefinition && message.definition !== decl.openapiDefinition) missing.push(`${apiVersion} ${decl.kind}: message of ${message.definition}, declared ${decl.openapiDefinition}`);
    if (decl.verbs.includes('list') && !messageFor(kinds, apiVersion, decl.listKind)) missing.push(`${apiVersion} ${decl.listKind}: no message`);
    checked++;
  }
  assert.ok(checked >= 20, `checked ${checked} declarations`);
  assert.deepEqual(missing, []);
});
