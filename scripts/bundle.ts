// Bundles one of our programs (src/cmd/NAME.ts) with esbuild, so that it starts without resolving,
// reading and linking each of its modules one by one (~1,100 for orch-apiserver, about 250 ms of
// CPU at each start). The few packages every start loads are bundled too; the others stay in
// node_modules and load on first use as they do from source. The launchers in bin/ run this when
// a bundle is older than a file it was built from, and then run the bundle
// (scripts/bundled-entry.sh).
//
//   node scripts/bundle.ts orch-apiserver   writes dist/orch-apiserver/:
//     orch-apiserver.cjs   the program, one CommonJS script that exports the entry point's main(),
//                          written inside CommonJS's function wrapper
//     orch-apiserver.mjs   what the launcher runs: loads the script with a code cache of its own
//                          (src/cmd/code-cached-script.ts, which writes orch-apiserver.cjs.cache)
//     inputs               the files it was built from
//
// One script rather than an ES module because V8 can cache the code of a script after it ran,
// with every function compiled by then; Node's cache for modules holds only what was compiled
// before the module ran. Three things differ from running the source, all handled here:
// - import.meta.url would be the bundle's own URL, so each module's is written in as the source
//   file's URL: paths made from it (the UI's assets, bin/, the storage writer's worker, which runs
//   from source: bundling it saved no time) still name the source tree.
// - import.meta.main is false in every module: the loader calls the entry point's main().
// - lazy-sources.ts requires our own modules by file URL, which would load second copies beside
//   the bundle; lazy-sources.bundled.ts takes its place.
// Output is kept ASCII: esbuild escapes other characters in strings but not in regular expression
// literals, and one "µ" there makes V8 hold the whole 2.5 MB bundle's source as two bytes a char.
import { build, type BuildOptions, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SCRIPT_HEAD, SCRIPT_TAIL } from '../src/cmd/code-cached-script.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each source module as it must be in a program's bundle (the three differences above). */
const sourcePlaces: Plugin = {
  name: 'source-places',
  setup(b) {
    b.onResolve({ filter: /\/lazy-sources\.ts$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.ts$/, '.bundled.ts')) }));
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return { contents: text, loader: 'ts' };
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url).replaceAll('import.meta.main', 'false'), loader: 'ts' };
    });
  },
};

/**
 * The packages a start loads, whatever the options: bundled, as our own modules are. Loaded from
 * node_modules, each is dozens of small modules (@opentelemetry/api alone is 51, ~11 ms to
 * load one by one; prom-client needs it). Other packages are loaded on first use if at all (the
 * etcd client, the tracing SDK, the X.509 library, jose...): bundled, they would only lengthen the
 * script each start reads.
 */
const STARTUP_PACKAGES = new Set(['prom-client', 'tdigest', 'bintrees', '@opentelemetry/api', 'fast-json-patch']);

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Leaves every package but STARTUP_PACKAGES, and Node's own modules, to be loaded at run time. */
const onlyStartupPackages: Plugin = {
  name: 'only-startup-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (!isBuiltin(args.path) && STARTUP_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

/** Each UTF-16 unit past ASCII as a \\u escape, which means the same in strings, regular expressions and names. */
function asciiOnly(text: string): string {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The file beside a bundle that names what it was built from, for the launchers' staleness check. */
const INPUTS = 'inputs';

/**
 * The files in the bundle, this script, and npm's record of what node_modules holds (a package's
 * files keep their publish date, older than any bundle), relative to the project and
 * NUL-separated, as `find -files0-from` reads them: a start stats these ~1,200 files rather than
 * walking all of src/ (4 ms rather than 11). A file the bundle does not import cannot change it
 * until one it does imports it, and that one is then newer.
 */
function inputsOf(metafiles: Metafile[]): string {
  const files = new Set(metafiles.flatMap((m) => Object.keys(m.inputs)).filter((path) => !path.startsWith('<')));
  files.add('scripts/bundle.ts');
  if (existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) files.add('node_modules/.package-lock.json');
  return [...files].map((path) => `${path}\0`).join('');
}

const COMMON: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node24',
  logLevel: 'warning',
  write: false,
  metafile: true,
};

/** Writes dist/<daemon>/ from src/cmd/<daemon>.ts, replacing what was there at once. */
export async function bundle(daemon: string): Promise<string> {
  const entry = join(ROOT, 'src', 'cmd', `${daemon}.ts`);
  if (!existsSync(entry)) throw new Error(`bundle: no program ${daemon} (src/cmd/${daemon}.ts)`);
  const outdir = join(ROOT, 'dist', daemon);
  // Built beside and renamed into place, so a daemon starting meanwhile sees the old or the new.
  const staging = `${outdir}.${process.pid}`;
  const started = new Date();
  const [program, loader] = await Promise.all([
    build({
      ...COMMON,
      entryPoints: [entry],
      format: 'cjs',
      outfile: join(staging, `${daemon}.cjs`),
      plugins: [sourcePlaces, onlyStartupPackages],
      banner: { js: SCRIPT_HEAD },
      footer: { js: SCRIPT_TAIL },
    }),
    build({
      ...COMMON,
      stdin: {
        contents: [
          `import { fileURLToPath } from 'node:url';`,
          `import { runCodeCachedMain } from './src/cmd/code-cached-script.ts';`,
          `await runCodeCachedMain(fileURLToPath(new URL('./${daemon}.cjs', import.meta.url)));`,
        ].join('\n'),
        resolveDir: ROOT,
        loader: 'ts',
      },
      format: 'esm',
      packages: 'external',
      outfile: join(staging, `${daemon}.mjs`),
    }),
  ]);
  const files: OutputFile[] = [...program.outputFiles!, ...loader.outputFiles!];
  try {
    await mkdir(staging, { recursive: true });
    await Promise.all(files.map((file) => writeFile(file.path, asciiOnly(file.text))));
    await writeFile(join(staging, INPUTS), inputsOf([program.metafile!, loader.metafile!]));
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  // Dated when the build began: a source file saved while it ran is newer, so the next start rebuilds.
  await utimes(join(staging, `${daemon}.mjs`), started, started);
  const old = `${outdir}.old.${process.pid}`;
  await rename(outdir, old).catch(() => undefined);
  await rename(staging, outdir);
  await rm(old, { recursive: true, force: true });
  return join(outdir, `${daemon}.mjs`);
}

if (import.meta.main) {
  const daemon = process.argv[2] ?? 'orch-apiserver';
  const started = performance.now();
  const entry = await bundle(daemon);
  process.stderr.write(`bundled ${daemon} into ${dirname(entry)} in ${(performance.now() - started).toFixed(0)} ms\n`);
}
