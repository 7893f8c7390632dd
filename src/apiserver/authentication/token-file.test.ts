import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTokenFile, parseCsvLine } from './token-file.ts';

function withFile(text: string, fn: (path: string) => Promise<void> | void) {
  const dir = mkdtempSync(join(tmpdir(), 'orch-tokens-'));
  const file = join(dir, 'tokens.csv');
  writeFileSync(file, text);
  return Promise.resolve(fn(file)).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('CSV lines: quoted fields hold commas and escaped quotes', () => {
  assert.deepEqual(parseCsvLine('t,u,id,"a,b"'), ['t', 'u', 'id', 'a,b']);
  assert.deepEqual(parseCsvLine('t, u,id'), ['t', 'u', 'id']);
  assert.deepEqual(parseCsvLine('"x""y",u,id'), ['x"y', 'u', 'id']);
  assert.deepEqual(parseCsvLine('t,u,'), ['t', 'u', '']);
  assert.throws(() => parseCsvLine('"open,u,id'), /unterminated/);
  assert.throws(() => parseCsvLine('"a"b,u,id'), /extraneous/);
});

test('tokens map to users and groups; unknown tokens to nothing', async () => {
  await withFile('abc,alice,1,"g1,g2"\n\ndef,bob,2\n', async (file) => {
    const auth = loadTokenFile(file);
    assert.deepEqual(await auth.authenticateToken('abc'), { user: { name: 'alice', uid: '1', groups: ['g1', 'g2'] } });
    assert.deepEqual(await auth.authenticateToken('def'), { user: { name: 'bob', uid: '2', groups: [] } });
    assert.equal(await auth.authenticateToken('ab'), null);
    assert.equal(await auth.authenticateToken(''), null);
  });
});

test('bad files are refused with the line and without the token', async () => {
  await withFile('ok,u,1\nsupersecret,u\n', (file) => {
    assert.throws(() => loadTokenFile(file), (err: Error) => /line 2: want at least 3 columns/.test(err.message) && !err.message.includes('supersecret'));
  });
  await withFile(',u,1\n', (file) => assert.throws(() => loadTokenFile(file), /line 1: empty token/));
});
