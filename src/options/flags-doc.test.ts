import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apiserverFlagsDoc } from './apiserver-flags-doc.ts';
import { apiserverFlags } from './apiserver-flags.ts';

test('docs/flags.md matches the option table (run `npm run docs:flags` after changing it)', () => {
  const committed = readFileSync(new URL('../../docs/flags.md', import.meta.url), 'utf8');
  assert.equal(committed, apiserverFlagsDoc(), 'docs/flags.md is stale: run npm run docs:flags');
});

test('docs/flags.md lists each option with its type, default and status', () => {
  const doc = apiserverFlagsDoc();
  assert.match(doc, /\| `--secure-port` \| int \| `6443` \| implemented \|/);
  assert.match(doc, /\| `--enable-priority-and-fairness` \| bool \| `true` \| implemented \|/);
  assert.match(doc, /\| `--tracing-config-file` \| string \| {2}\| implemented \| {2}\|/);
  assert.match(doc, /\| `--service-account-signing-endpoint` \| string \| {2}\| not yet \| external token signers are not supported yet \|/);
  for (const flag of apiserverFlags) assert.ok(doc.includes(`--${flag.name}\``), flag.name);
});

test('every partial or not-yet option says what is missing', () => {
  for (const flag of apiserverFlags) {
    if (flag.status !== 'implemented') assert.ok(flag.statusNote, `--${flag.name} has no statusNote`);
  }
});
