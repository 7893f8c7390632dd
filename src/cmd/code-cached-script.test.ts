// The code cache of a bundled program: written by a run, used by the next, rewritten only by a run
// that lived longer, never used for another script, and never in the way when it cannot be kept.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SCRIPT_HEAD, SCRIPT_TAIL } from './code-cached-script.ts';

const LOADER = fileURLToPath(new URL('./code-cached-script.ts', import.meta.url));

/** A program as scripts/bundle.ts writes one: CommonJS, exporting main(), requiring a built-in. */
function program(dir: string, body = 'process.stdout.write(`sum ${[1, 2, 3].reduce((a, b) => a + b)}\\n`);'): string {
  const file = join(dir, 'prog.cjs');
  writeFileSync(file, `${SCRIPT_HEAD}const { join } = require('node:path');\nexports.main = async () => { ${body} };${SCRIPT_TAIL}`);
  return file;
}

/** Runs `file` as the launcher's loader does, staying up `stayMs` first; its stdout and cache use. */
function run(file: string, stayMs = 0): { stdout: string; cache: string } {
  const script = [
    `import { loadCodeCachedScript } from ${JSON.stringify(LOADER)};`,
    `const { exports, cache } = loadCodeCachedScript(${JSON.stringify(file)});`,
    `await exports.main();`,
    `await new Promise((r) => setTimeout(r, ${stayMs}));`,
    `process.stdout.write('cache ' + cache + '\\n');`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cache = /cache (\w+)/.exec(r.stdout)?.[1] ?? '';
  return { stdout: r.stdout, cache };
}

/** A directory of its own for the test, removed after it. */
function freshDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-code-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function livedMs(file: string): number {
  const raw = readFileSync(`${file}.cache`);
  return (JSON.parse(raw.subarray(0, raw.indexOf(10)).toString()) as { livedMs: number }).livedMs;
}

test('the first run writes the cache, the next runs use it, and only a longer run rewrites it', (t) => {
  const dir = freshDir(t);
  const file = program(dir);
  const first = run(file);
  assert.match(first.stdout, /^sum 6$/m);
  assert.equal(first.cache, 'none');
  assert.ok(existsSync(`${file}.cache`));
  const madeBy = livedMs(file);

  const second = run(file);
  assert.match(second.stdout, /^sum 6$/m);
  assert.equal(second.cache, 'accepted');
  assert.equal(livedMs(file), madeBy, 'a run about as long leaves the cache as it is');

  run(file, madeBy + 400);
  assert.ok(livedMs(file) >= madeBy * 1.5, 'a run half as long again rewrites it');
  assert.equal(run(file).cache, 'accepted');
});

test('a cache made from another script is not used, even one of the same length', (t) => {
  const dir = freshDir(t);
  const file = program(dir);
  run(file);
  // Same length, other code: V8 alone would take the old cache for it.
  const before = readFileSync(file, 'utf8');
  program(dir, 'process.stdout.write(`sum ${[1, 2, 3].reduce((a, b) => a * b)}\\n`);');
  assert.equal(readFileSync(file, 'utf8').length, before.length);
  const changed = run(file);
  assert.match(changed.stdout, /^sum 6$/m);
  assert.equal(changed.cache, 'none');
  assert.equal(run(file).cache, 'accepted');
});

test('where the cache cannot be written, the program runs as without one', (t) => {
  const dir = freshDir(t);
  const file = program(dir);
  mkdirSync(`${file}.cache`);
  const r = run(file);
  assert.match(r.stdout, /^sum 6$/m);
  assert.equal(r.cache, 'none');
  assert.deepEqual(readdirSync(dir).sort(), ['prog.cjs', 'prog.cjs.cache'], 'nothing is left behind');
});

test('a damaged cache is not used and is replaced', (t) => {
  const dir = freshDir(t);
  const file = program(dir);
  run(file);
  const raw = readFileSync(`${file}.cache`);
  const header = raw.subarray(0, raw.indexOf(10) + 1);
  writeFileSync(`${file}.cache`, Buffer.concat([header, Buffer.from('not a code cache')]));
  const damaged = run(file);
  assert.match(damaged.stdout, /^sum 6$/m);
  assert.equal(damaged.cache, 'rejected');
  assert.equal(run(file).cache, 'accepted');
});
