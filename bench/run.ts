// `npm run bench`: runs every benchmark part that exists and prints one table of all figures,
// each with its target where it has one. A part is a file of the list below exporting a function
// that resolves to its figures; a missing file or a missing dependency (etcd) skips the part
// with a line saying why. Progress goes to stderr, the table to stdout. Every run appends its
// figures, with the commit they were measured at, to bench/results.jsonl, so that a regression
// shows next to the runs before it.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One measured figure. `target` is the goal in words (e.g. "< 1 s"); `met` says whether it was reached. */
export interface Figure {
  name: string;
  value: number | string;
  unit?: string;
  target?: string;
  met?: boolean;
}

/** What a part may resolve to: a list of figures, `{ figures }`, or a record of name to value or figure. */
export type PartResult = Figure[] | { figures: Figure[] } | Record<string, number | string | Omit<Figure, 'name'>>;

interface Part {
  title: string;
  file: string;
  exportName: string;
  /** Why the part cannot run here, if it cannot. */
  skipReason?: () => string | undefined;
}

const ETCD_BINARY = '/usr/bin/etcd';

const PARTS: Part[] = [
  { title: 'start-up', file: 'startup.ts', exportName: 'benchStartup' },
  { title: 'storage (SQLite)', file: 'storage-sqlite.ts', exportName: 'benchStorageSqlite' },
  {
    title: 'storage (etcd)',
    file: 'storage-etcd.ts',
    exportName: 'benchStorageEtcd',
    skipReason: () => (existsSync(ETCD_BINARY) ? undefined : `etcd is not installed (${ETCD_BINARY})`),
  },
  { title: 'watch cache memory', file: 'cache-memory.ts', exportName: 'benchCacheMemory' },
  { title: 'events API', file: 'events.ts', exportName: 'benchEvents' },
  { title: 'pods API', file: 'pods.ts', exportName: 'benchPods' },
  { title: 'simulated nodes (1,000 pods on 100 nodes)', file: 'simulated-nodes.ts', exportName: 'benchSimulatedNodes' },
  { title: 'protobuf codec', file: 'protobuf-codec.ts', exportName: 'benchProtobufCodec' },
  { title: 'authentication', file: 'authn.ts', exportName: 'benchAuthn' },
  { title: 'authorization (RBAC)', file: 'authz.ts', exportName: 'benchAuthz' },
  { title: 'audit', file: 'audit.ts', exportName: 'benchAudit' },
  { title: 'priority and fairness', file: 'flowcontrol.ts', exportName: 'benchFlowControl' },
];

interface Row {
  part: string;
  figure: Figure;
}

/**
 * A part's result as a list of figures. In a record, an entry `"target < 1000 ms": "met"` (or
 * "MISSED") states the target of the figure just before it rather than being a figure itself, and
 * a name ending `(ms, target <= 20)` carries its own target, checked against the value.
 */
export function normalizeFigures(result: PartResult): Figure[] {
  if (Array.isArray(result)) return result;
  if ('figures' in result && Array.isArray(result.figures)) return result.figures;
  const figures: Figure[] = [];
  for (const [name, v] of Object.entries(result as Record<string, number | string | Omit<Figure, 'name'>>)) {
    const target = /^target\s+(.+)$/i.exec(name);
    const previous = figures.at(-1);
    if (target && typeof v === 'string' && previous && previous.target === undefined) {
      previous.target = target[1]!;
      previous.met = /^(met|ok|yes|true)$/i.test(v.trim());
      continue;
    }
    figures.push(typeof v === 'object' ? { name, ...v } : withInlineTarget(name, v));
  }
  return figures;
}

const INLINE_TARGET = /\(([^()]*?),\s*target\s*(<=|>=|<|>)\s*([\d.]+)\)$/;

function withInlineTarget(name: string, value: number | string): Figure {
  const match = INLINE_TARGET.exec(name);
  if (!match || typeof value !== 'number') return { name, value };
  const [, unit, op, limitText] = match;
  const limit = Number(limitText);
  const met = op === '<=' ? value <= limit : op === '>=' ? value >= limit : op === '<' ? value < limit : value > limit;
  return { name: name.slice(0, match.index) + `(${unit})`, value, target: `${op} ${limitText} ${unit}`, met };
}

function formatValue(f: Figure): string {
  const value = typeof f.value === 'number' ? formatNumber(f.value) : f.value;
  return f.unit ? `${value} ${f.unit}` : value;
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function renderTable(rows: Row[]): string {
  if (rows.length === 0) return '(no figures: every part was skipped or failed)\n';
  const header = ['part', 'figure', 'value', 'target', ''];
  const cells = rows.map(({ part, figure }) => [
    part,
    figure.name,
    formatValue(figure),
    figure.target ?? '',
    figure.met === undefined ? '' : figure.met ? 'ok' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((s, i) => (i === 2 ? s.padStart(widths[i] ?? 0) : s.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}

async function runPart(part: Part, say: (line: string) => void): Promise<Row[]> {
  const path = fileURLToPath(new URL(part.file, import.meta.url));
  if (!existsSync(path)) {
    say(`skip ${part.title}: bench/${part.file} does not exist yet`);
    return [];
  }
  const reason = part.skipReason?.();
  if (reason) {
    say(`skip ${part.title}: ${reason}`);
    return [];
  }
  const mod = (await import(path)) as Record<string, unknown>;
  const fn = mod[part.exportName];
  if (typeof fn !== 'function') {
    say(`skip ${part.title}: bench/${part.file} does not export ${part.exportName}()`);
    return [];
  }
  say(`run ${part.title} (bench/${part.file})`);
  const started = performance.now();
  const figures = normalizeFigures((await fn()) as PartResult);
  say(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return figures.map((figure) => ({ part: part.title, figure }));
}

/** Runs the parts whose file stem is in `only` (every part when empty). */
export async function runBenchmarks(only: readonly string[] = [], say: (line: string) => void = (l) => process.stderr.write(l + '\n')): Promise<Row[]> {
  const unknown = only.filter((name) => !PARTS.some((p) => p.file === `${name}.ts`));
  if (unknown.length > 0) throw new Error(`unknown part(s) ${unknown.join(', ')}; known: ${PARTS.map((p) => p.file.replace(/\.ts$/, '')).join(', ')}`);
  const rows: Row[] = [];
  for (const part of PARTS.filter((p) => only.length === 0 || only.includes(p.file.replace(/\.ts$/, '')))) {
    try {
      rows.push(...(await runPart(part, say)));
    } catch (err) {
      say(`  ${part.title} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }
  return rows;
}

const RESULTS_FILE = fileURLToPath(new URL('results.jsonl', import.meta.url));

/** The commit measured, with "+changes" when the working tree differs from it. */
function commitMeasured(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'bench'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

/** Appends one line: when, which commit, which parts, and every figure by part and name. */
export function appendResults(rows: Row[], parts: readonly string[], file = RESULTS_FILE): void {
  const figures: Record<string, Record<string, number | string>> = {};
  for (const { part, figure } of rows) (figures[part] ??= {})[figure.unit ? `${figure.name} (${figure.unit})` : figure.name] = figure.value;
  const line = { at: new Date().toISOString(), commit: commitMeasured(), parts: parts.length > 0 ? parts : 'all', figures };
  appendFileSync(file, JSON.stringify(line) + '\n');
}

if (import.meta.main) {
  // `npm run bench -- startup events` runs only those parts.
  const only = process.argv.slice(2);
  const rows = await runBenchmarks(only);
  if (rows.length > 0) appendResults(rows, only);
  process.stdout.write('\n' + renderTable(rows));
  const missed = rows.filter((r) => r.figure.met === false).length;
  if (missed > 0) process.stdout.write(`\n${missed} figure(s) missed their target\n`);
}
