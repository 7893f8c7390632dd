import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lazyRequire, warmLazyModules } from './lazy-require.ts';

test('a package is loaded on the first call and the same module is returned after', () => {
  const load = lazyRequire<typeof import('node:path')>('node:path');
  const first = load();
  assert.equal(typeof first.join, 'function');
  assert.equal(load(), first);
});

test('a TypeScript module named by URL is the instance its importers share', async () => {
  const load = lazyRequire<typeof import('./yaml.ts')>(new URL('./yaml.ts', import.meta.url));
  const imported = await import('./yaml.ts');
  assert.equal(load().parse, imported.parse);
});

test('warming loads what was not loaded yet, once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-require-'));
  const file = join(dir, 'counted.cjs');
  writeFileSync(file, 'globalThis.lazyRequireLoads = (globalThis.lazyRequireLoads ?? 0) + 1; module.exports = { loaded: true };');
  const counted = globalThis as { lazyRequireLoads?: number };
  const load = lazyRequire<{ loaded: boolean }>(pathToFileURL(file));
  assert.equal(counted.lazyRequireLoads, undefined);
  warmLazyModules();
  // Others registered before it (yaml) are warmed first, one per turn.
  for (let waited = 0; counted.lazyRequireLoads === undefined && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(counted.lazyRequireLoads, 1);
  assert.deepEqual(load(), { loaded: true });
  assert.equal(counted.lazyRequireLoads, 1);
  rmSync(dir, { recursive: true });
});

test('YAML parses and writes through the lazily loaded package', async () => {
  const { parse, stringify } = await import('./yaml.ts');
  assert.deepEqual(parse('a: 1\nb: [x]\n'), { a: 1, b: ['x'] });
  assert.equal(stringify({ a: 1 }), 'a: 1\n');
});
