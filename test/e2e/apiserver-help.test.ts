// `orch-apiserver --help` read through a pipe, as `| less` or a test reads it: every row of the
// option table is listed, and the versioning options sit in the "Versioning" section. The text is
// longer than a pipe holds at once, so an exit that does not wait for it loses the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiserverFlags } from '../../src/options/apiserver-flags.ts';

const APISERVER = fileURLToPath(new URL('../../bin/orch-apiserver', import.meta.url));

function helpThroughPipe(): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    // Through a shell pipe, as a user reads it: Node's own child pipes are drained too eagerly to show a cut.
    const child = spawn('bash', ['-o', 'pipefail', '-c', '"$0" --help | cat', APISERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }));
  });
}

test('--help through a pipe lists every option, the versioning ones under Versioning', async () => {
  const { code, stdout } = await helpThroughPipe();
  assert.equal(code, 0);
  assert.ok(stdout.length > 65_536, 'the help is longer than one pipe buffer, so this test can see a cut');
  const listed = new Set([...stdout.matchAll(/^ {2}(?:-\w, | {4})--([\w-]+)/gm)].map((m) => m[1]));
  const missing = apiserverFlags.map((f) => f.name).filter((name) => !listed.has(name));
  assert.deepEqual(missing, [], 'options missing from --help');

  const start = stdout.indexOf('\nVersioning:\n');
  assert.ok(start > 0, 'a Versioning section');
  const rest = stdout.slice(start + 1);
  const next = rest.slice(1).search(/\n\S[^\n]*:\n/);
  const section = next < 0 ? rest : rest.slice(0, next + 1);
  for (const name of ['emulated-version', 'min-compatibility-version', 'emulation-forward-compatible', 'runtime-config', 'runtime-config-emulation-forward-compatible']) {
    assert.match(section, new RegExp(`^ +--${name}( |$)`, 'm'), `--${name} under Versioning`);
  }
});
