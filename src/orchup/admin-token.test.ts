import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAdminToken, findAdminToken } from './admin-token.ts';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-token-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('first call writes a private token file in the token authenticator form', (t) => {
  const file = join(tempDir(t), 'tokens.csv');
  const { token, created } = ensureAdminToken(file);
  assert.equal(created, true);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(readFileSync(file, 'utf8'), `${token},orch-admin,orch-admin,"system:masters"\n`);
  assert.equal(statSync(file).mode & 0o777, 0o600);
});

test('a later call returns the same token and leaves the file alone', (t) => {
  const file = join(tempDir(t), 'tokens.csv');
  const first = ensureAdminToken(file);
  const before = readFileSync(file, 'utf8');
  const second = ensureAdminToken(file);
  assert.deepEqual(second, { token: first.token, created: false });
  assert.equal(readFileSync(file, 'utf8'), before);
});

test('two fresh files get different tokens', (t) => {
  const dir = tempDir(t);
  assert.notEqual(ensureAdminToken(join(dir, 'a.csv')).token, ensureAdminToken(join(dir, 'b.csv')).token);
});

test('the admin line is found among other users', () => {
  const content = 'tok1,alice,uid1,"devs"\n\ntok2,orch-admin,orch-admin,"system:masters"\n';
  assert.equal(findAdminToken(content), 'tok2');
});

test('a token file without the admin user is refused, not overwritten', (t) => {
  const file = join(tempDir(t), 'tokens.csv');
  writeFileSync(file, 'tok1,alice,uid1\n');
  assert.throws(() => ensureAdminToken(file), /has no line for user orch-admin/);
  assert.equal(readFileSync(file, 'utf8'), 'tok1,alice,uid1\n');
});
