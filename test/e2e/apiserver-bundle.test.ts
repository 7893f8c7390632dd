// bin/orch-apiserver runs the daemon bundled under dist/, rebuilt when a source file is newer:
// checked on a copy of the tree (bin, scripts, src; node_modules linked), so the working tree's
// bundle is not disturbed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let tree: string;
let entry: string;

before(() => {
  tree = mkdtempSync(join(tmpdir(), 'orch-bundle-'));
  for (const part of ['bin', 'scripts', 'src', 'package.json']) cpSync(join(ROOT, part), join(tree, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  entry = join(tree, 'dist', 'orch-apiserver', 'orch-apiserver.mjs');
});
after(() => rmSync(tree, { recursive: true, force: true }));

function version(): { stdout: string; stderr: string } {
  const r = spawnSync(join(tree, 'bin', 'orch-apiserver'), ['--version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { stdout: r.stdout, stderr: r.stderr };
}

test('the first start bundles the daemon, later starts run the bundle as it is', () => {
  const first = version();
  assert.match(first.stdout, /^orch v1\.\d+\.\d+/);
  assert.match(first.stderr, /bundled orch-apiserver into .*dist\/orch-apiserver/);
  assert.ok(existsSync(entry));
  const built = statSync(entry).mtimeMs;
  const second = version();
  assert.equal(second.stdout, first.stdout);
  assert.doesNotMatch(second.stderr, /bundled/);
  assert.equal(statSync(entry).mtimeMs, built);
});

/** Dates the bundle an hour back, as if every source file had been saved after it was built. */
function makeStale(): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(entry, hourAgo, hourAgo);
}

test('a source file newer than the bundle makes the next start rebuild it first', () => {
  makeStale();
  assert.match(version().stderr, /bundled orch-apiserver/);
  assert.ok(Date.now() - statSync(entry).mtimeMs < 60_000, 'the rebuilt bundle is fresh');
  // A test file is not part of the daemon, nor is a new file that nothing imports yet.
  writeFileSync(join(tree, 'src', 'machinery', 'status.test.ts'), '// changed\n', { flag: 'a' });
  writeFileSync(join(tree, 'src', 'machinery', 'not-imported.ts'), 'export const x = 1;\n');
  assert.doesNotMatch(version().stderr, /bundled/);
  // A module the daemon imports, saved after the bundle was built.
  writeFileSync(join(tree, 'src', 'machinery', 'status.ts'), '// changed\n', { flag: 'a' });
  assert.match(version().stderr, /bundled orch-apiserver/);
  assert.doesNotMatch(version().stderr, /bundled/);
});

test('a bundle missing its script or its list of inputs is built again', () => {
  for (const part of ['orch-apiserver.cjs', 'inputs']) {
    rmSync(join(tree, 'dist', 'orch-apiserver', part));
    const r = version();
    assert.match(r.stdout, /^orch v1\./);
    assert.match(r.stderr, /bundled orch-apiserver/, `rebuilt without ${part}`);
  }
});

test('a launcher reached through a link finds its project', () => {
  const link = join(tree, 'linked-orch-apiserver');
  symlinkSync(join(tree, 'bin', 'orch-apiserver'), link);
  const r = spawnSync(link, ['--version'], { encoding: 'utf8', cwd: tmpdir() });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^orch v1\./);
  assert.doesNotMatch(r.stderr, /bundled/);
});

test('parallel starts of a stale tree build the bundle once', async () => {
  makeStale();
  const runs = await Promise.all(Array.from({ length: 4 }, () => run(join(tree, 'bin', 'orch-apiserver'), ['--version'])));
  for (const { stdout } of runs) assert.match(stdout, /^orch v1\./);
  assert.equal(runs.filter(({ stderr }) => /bundled orch-apiserver/.test(stderr)).length, 1);
});

test('where the bundle cannot be rebuilt, the daemon runs from source, not the stale bundle', () => {
  writeFileSync(join(tree, 'scripts', 'bundle.ts'), "process.stderr.write('no bundler here\\n');\nprocess.exit(1);\n");
  writeFileSync(entry, "process.stdout.write('the stale bundle ran\\n');\n");
  makeStale();
  const r = version();
  assert.match(r.stderr, /no bundler here/);
  assert.match(r.stdout, /^orch v1\./);
});
