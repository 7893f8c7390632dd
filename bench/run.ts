// `npm run bench`: runs every benchmark part that exists and prints one table of all figures,
// each with its target where it has one. A part is a file of the list below exporting a function
// that resolves to its figures; a missing file or a missing dependency (etcd) skips the part
// with a line saying why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probeReadyz } from '../src/orchup/readiness.ts';

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
  { title: 'events API', file: 'events.ts', exportName: 'benchEvents' },
];

interface Row {
  part: string;
  figure: Figure;
}

export function normalizeFigures(result: PartResult): Figure[] {
  if (Array.isArray(result)) return result;
  if ('figures' in result && Array.isArray(result.figures)) return result.figures;
  return Object.entries(result as Record<string, number | string | Omit<Figure, 'name'>>).map(([name, v]) =>
    typeof v === 'object' ? { name, ...v } : { name, value: v },
  );
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

// --- start-up to ready, measured here while bench/startup.ts does not exist ---

const START_TARGET_MS = 1000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Time from spawning orch-apiserver on the embedded store until /readyz answers ok. */
async function startToReadyMs(dataDir: string): Promise<number> {
  const port = await freePort();
  const launcher = fileURLToPath(new URL('../bin/orch-apiserver', import.meta.url));
  const started = performance.now();
  const child = spawn(
    launcher,
    [`--data-dir=${dataDir}`, `--cert-dir=${join(dataDir, 'pki')}`, `--kvstore-servers=sqlite://${join(dataDir, 'orch.db')}`, '--bind-address=127.0.0.1', `--secure-port=${port}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`orch-apiserver exited with code ${child.exitCode}: ${stderr.trim().split('\n').at(-1)}`);
      const res = await probeReadyz({ server: `https://127.0.0.1:${port}` }, 1000).catch(() => undefined);
      if (res?.status === 200 && res.body.trim() === 'ok') return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error('orch-apiserver not ready after 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function builtinStartup(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'orch-bench-start-'));
  try {
    const first = await startToReadyMs(dataDir);
    const again = await startToReadyMs(dataDir);
    const verdict = (ms: number) => ({ unit: 'ms', target: `< ${START_TARGET_MS} ms`, met: ms < START_TARGET_MS });
    return [
      { name: 'process start to /readyz ok, embedded store, empty data dir', value: Math.round(first), ...verdict(first) },
      { name: 'process start to /readyz ok, embedded store, restart', value: Math.round(again), ...verdict(again) },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runBenchmarks(say: (line: string) => void = (l) => process.stderr.write(l + '\n')): Promise<Row[]> {
  const rows: Row[] = [];
  if (!existsSync(fileURLToPath(new URL('startup.ts', import.meta.url)))) {
    say('run start-up (built-in: orch-apiserver on the embedded store)');
    try {
      rows.push(...(await builtinStartup()).map((figure) => ({ part: 'start-up', figure })));
    } catch (err) {
      say(`  failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const part of PARTS) {
    if (part.file === 'startup.ts' && !existsSync(fileURLToPath(new URL(part.file, import.meta.url)))) continue;
    try {
      rows.push(...(await runPart(part, say)));
    } catch (err) {
      say(`  ${part.title} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }
  return rows;
}

if (import.meta.main) {
  const rows = await runBenchmarks();
  process.stdout.write('\n' + renderTable(rows));
  const missed = rows.filter((r) => r.figure.met === false).length;
  if (missed > 0) process.stdout.write(`\n${missed} figure(s) missed their target\n`);
}
