// The layer order of docs/design.md, checked on every import of production code (type-only
// imports included): a module may import its own layer and the layers listed for it, never one
// above. A new top-level folder must be given its place here before anything may import it. Within
// a layer imports must not go round in a cycle either, so each module reads without its importers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * Each layer, bottom first, with the layers it may import. A layer is a top-level folder of src/,
 * except that component-base/ holds two: the utilities every layer may use (logs, metrics,
 * feature gates, version, health checks) and the server parts both daemons share (serving,
 * authentication, delegated auth, certificates, webhooks, profiling), which sit above the client.
 */
const ORDER: Record<string, readonly string[]> = {
  api: [],
  machinery: ['api'],
  utilities: ['api', 'machinery'],
  options: ['api', 'machinery', 'utilities'],
  storage: ['api', 'machinery', 'utilities'],
  client: ['api', 'machinery', 'utilities'],
  'component-base': ['api', 'machinery', 'utilities', 'options', 'client'],
  apiserver: ['api', 'machinery', 'utilities', 'options', 'storage', 'component-base'],
  controllermanager: ['api', 'machinery', 'utilities', 'options', 'client', 'component-base'],
  scheduler: ['api', 'machinery', 'utilities', 'options', 'client', 'component-base'],
  nodeagent: ['api', 'machinery', 'utilities', 'options', 'client', 'component-base'],
  orchup: ['api', 'machinery', 'utilities', 'options', 'storage', 'client', 'component-base', 'apiserver', 'controllermanager', 'scheduler', 'nodeagent'],
  cmd: ['api', 'machinery', 'utilities', 'options', 'storage', 'client', 'component-base', 'apiserver', 'controllermanager', 'scheduler', 'nodeagent', 'orchup'],
};

const UTILITIES = ['component-base/logs/', 'component-base/metrics/', 'component-base/featuregate/', 'component-base/version/', 'component-base/healthz/checks.ts'];

const SRC = join(import.meta.dirname, '.');
const SPECIFIER = /^\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative imports of a file, resolved to paths under src/. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) out.push(relative(SRC, normalize(join(SRC, dirname(file), (m[1] ?? m[2])!))));
  return out;
}

export function productionFiles(): string[] {
  return globSync('**/*.ts', { cwd: SRC }).filter((f) => !f.endsWith('.test.ts') && !f.includes('/testing/'));
}

function layerOf(path: string): string {
  if (UTILITIES.some((prefix) => path.startsWith(prefix))) return 'utilities';
  return path.split('/')[0]!;
}

test('imports go down the layers only', () => {
  const wrong: string[] = [];
  for (const file of productionFiles()) {
    const from = layerOf(file);
    const allowed = ORDER[from];
    if (!allowed) {
      if (file.includes('/')) wrong.push(`${file}: the folder ${from}/ has no place in the layer order`);
      continue;
    }
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (to === from || allowed.includes(to)) continue;
      wrong.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(wrong, [], 'imports that go up a layer');
});

/**
 * The strongly connected components of the import graph with more than one file (or a file that
 * imports itself): each is a set of files that reach one another through their imports.
 */
export function importCycles(files: readonly string[], imports: (file: string) => string[] = importsOf): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, imports(f).filter((t) => known.has(t))]));
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const root of files) {
    if (index.has(root)) continue;
    const work: Array<[string, number]> = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, next] = frame;
      if (next === 0) {
        index.set(v, index.size);
        low.set(v, index.get(v)!);
        stack.push(v);
        onStack.add(v);
      }
      const targets = edges.get(v)!;
      if (next < targets.length) {
        frame[1] = next + 1;
        const w = targets[next]!;
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(v)!));
      if (low.get(v) !== index.get(v)) continue;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || targets.includes(v)) cycles.push(component.sort());
    }
  }
  return cycles;
}

test('no import cycle anywhere in src/, type-only imports and test helpers included', () => {
  const everyFile = globSync('**/*.ts', { cwd: SRC });
  assert.deepEqual(importCycles(everyFile).map((files) => files.join(' ↔ ')), [], 'files that import one another in a cycle');
});

test('the cycle check finds every cycle and names its files', () => {
  const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['a', 'g'], g: ['f'], h: ['outside'] };
  assert.deepEqual(importCycles(Object.keys(graph), (file) => graph[file]!), [['a', 'b', 'c'], ['e'], ['f', 'g']]);
});
