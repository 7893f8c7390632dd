// Runs a program bundled as one CommonJS script (scripts/bundle.ts) with a V8 code cache that
// holds the functions a run has compiled, not only those compiled up front. The bundle is written
// already inside CommonJS's function wrapper (SCRIPT_HEAD ... SCRIPT_TAIL), so its text, ~3 MB held
// as long as the program runs, is compiled as read rather than copied into a wrapped string.
//
// Node's own compile cache is made when a module is compiled, before it runs: V8 compiles most
// functions on their first call, so orch-apiserver's start still parsed and compiled ~35 ms of
// functions at every start. V8 can serialize a script's code after it ran (createCachedData), and
// the next start then finds every function its start-up calls already compiled: /readyz ~45 ms
// sooner with an empty store (docs/design.md).
//
// The cache sits beside the script (NAME.cjs.cache), headed by a line naming the script it was made
// from (inode, mtime, size: V8 itself checks only the source's length) and how long the run that
// made it had lived. A run writes it when it has lived half as long again as that run, at exit or
// once it has run COVERED_MS, so a `--version` does not stand for a server's start for good, and a
// few runs settle it. Any failure to read or write it only means compiling as without it.
import { closeSync, fstatSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script, constants } from 'node:vm';

/** What a bundle starts and ends with: it is a function taking a CommonJS module's arguments. */
export const SCRIPT_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const SCRIPT_TAIL = '\n})';

/** A run that has lived this long has compiled what a start needs: it writes the cache and is done. */
const COVERED_MS = 5000;
/** How much longer than the cache's maker a run must have lived to write it again. */
const LONGER = 1.5;

export type CacheUse = 'accepted' | 'rejected' | 'none';

export interface LoadedScript {
  exports: Record<string, unknown>;
  /** What became of the cache found beside the script. */
  cache: CacheUse;
}

interface Header {
  /** The script the cache was made from: inode, mtime and size. */
  script: string;
  /** How long the run that made it had lived, in ms. */
  livedMs: number;
}

function identity(stats: Stats): string {
  return `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
}

function readCache(cacheFile: string, script: string): { header: Header; data: Buffer } | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const end = raw.indexOf(10);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(raw.subarray(0, end).toString('utf8')) as Header;
    if (header.script !== script || typeof header.livedMs !== 'number') return undefined;
    return { header, data: raw.subarray(end + 1) };
  } catch {
    return undefined;
  }
}

function writeCache(file: string, cacheFile: string, script: Script, made: string, livedMs: number): void {
  const staging = `${cacheFile}.${process.pid}`;
  try {
    // A newer bundle may have replaced this one meanwhile: its cache is not ours to write.
    if (identity(statSync(file)) !== made) return;
    const header = Buffer.from(`${JSON.stringify({ script: made, livedMs: Math.round(livedMs) } satisfies Header)}\n`);
    writeFileSync(staging, Buffer.concat([header, script.createCachedData()]));
    renameSync(staging, cacheFile);
  } catch {
    // A tree it may not write: the next start compiles as this one did.
    rmSync(staging, { force: true });
  }
}

/** Writes the cache once this run has lived long enough to improve on the one it found. */
function writeWhenCovered(file: string, cacheFile: string, script: Script, made: string, foundLivedMs: number): void {
  if (foundLivedMs >= COVERED_MS) return;
  const onExit = () => {
    clearTimeout(timer);
    const lived = performance.now();
    if (foundLivedMs === 0 || lived >= foundLivedMs * LONGER) writeCache(file, cacheFile, script, made, lived);
  };
  const timer = setTimeout(() => {
    process.off('exit', onExit);
    writeCache(file, cacheFile, script, made, COVERED_MS);
  }, Math.max(0, COVERED_MS - performance.now()));
  timer.unref();
  process.on('exit', onExit);
}

/** Loads and runs the CommonJS script `file`, using and maintaining its code cache; returns its exports. */
export function loadCodeCachedScript(file: string): LoadedScript {
  const fd = openSync(file, 'r');
  let made: string;
  let source: string;
  try {
    made = identity(fstatSync(fd));
    source = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const cacheFile = `${file}.cache`;
  const found = readCache(cacheFile, made);
  if (!source.startsWith(SCRIPT_HEAD)) throw new Error(`${file} is not a bundled program (it does not start with ${SCRIPT_HEAD})`);
  const script = new Script(source, {
    filename: file,
    cachedData: found?.data,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache: CacheUse = !found ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  writeWhenCovered(file, cacheFile, script, made, cache === 'accepted' ? found!.header.livedMs : 0);
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cache };
}

/** Runs a bundled program: its script's `main()`. */
export async function runCodeCachedMain(file: string): Promise<void> {
  const { exports } = loadCodeCachedScript(file);
  await (exports.main as () => Promise<void>)();
}
