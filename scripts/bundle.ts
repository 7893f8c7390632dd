// Bundles one of our programs (src/cmd/NAME.ts) into a few files with esbuild, so that it starts
// without resolving, reading and linking each of its modules one by one (~1,100 for orch-apiserver,
// about 250 ms of CPU at each start). Packages stay in node_modules and load as they do from
// source. The launchers in bin/ run this when a bundle is older than a source file, and then run
// the bundle (scripts/bundled-entry.sh).
//
//   node scripts/bundle.ts orch-apiserver   writes dist/orch-apiserver/ (entry orch-apiserver.mjs)
//
// Two things differ from running the source, both handled here:
// - import.meta.url is the bundle's own URL in a bundle, so each module's is written in as the
//   source file's URL: paths made from it (the UI's assets, bin/, the storage writer's worker,
//   which runs from source: bundling it saved no time) still name the source tree.
// - lazy-sources.ts requires our own modules by file URL, which would load second copies beside
//   the bundle; lazy-sources.bundled.ts takes its place.
// Output is kept ASCII: esbuild escapes other characters in strings but not in regular expression
// literals, and one "µ" there makes V8 hold the whole 2.5 MB bundle's source as two bytes a char.
import { build, type Metafile, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each source module as it must be in the bundle of `entry` (the two differences above). */
function sourcePlaces(entry: string): Plugin {
  return {
    name: 'source-places',
    setup(b) {
      b.onResolve({ filter: /\/lazy-sources\.ts$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.ts$/, '.bundled.ts')) }));
      b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return { contents: text, loader: 'ts' };
        const url = JSON.stringify(pathToFileURL(args.path).href);
        // Only the entry point is run as the main module.
        const main = args.path === entry ? 'import.meta.main' : 'false';
        return { contents: text.replaceAll('import.meta.url', url).replaceAll('import.meta.main', main), loader: 'ts' };
      });
    },
  };
}

/** Each UTF-16 unit past ASCII as a \\u escape, which means the same in strings, regular expressions and names. */
function asciiOnly(text: string): string {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The file beside a bundle that names what it was built from, for the launchers' staleness check. */
const INPUTS = 'inputs';

/**
 * Our source files in the bundle, and this script, relative to the project and NUL-separated, as
 * `find -files0-from` reads them: a start stats these ~1,100 files rather than walking all of src/
 * (4 ms rather than 11). A file the bundle does not import cannot change it until one it does
 * imports it, and that one is then newer.
 */
function inputsOf(metafile: Metafile): string {
  const ours = Object.keys(metafile.inputs).filter((path) => path.startsWith('src/'));
  return [...ours, 'scripts/bundle.ts'].map((path) => `${path}\0`).join('');
}

/** Writes dist/<daemon>/ from src/cmd/<daemon>.ts, replacing what was there at once. */
export async function bundle(daemon: string): Promise<string> {
  const entry = join(ROOT, 'src', 'cmd', `${daemon}.ts`);
  if (!existsSync(entry)) throw new Error(`bundle: no program ${daemon} (src/cmd/${daemon}.ts)`);
  const outdir = join(ROOT, 'dist', daemon);
  // Built beside and renamed into place, so a daemon starting meanwhile sees the old or the new.
  const staging = `${outdir}.${process.pid}`;
  const started = new Date();
  const { outputFiles, metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    plugins: [sourcePlaces(entry)],
    logLevel: 'warning',
    write: false,
    metafile: true,
  });
  try {
    await mkdir(staging, { recursive: true });
    await Promise.all(outputFiles.map((file) => writeFile(file.path, asciiOnly(file.text))));
    await writeFile(join(staging, INPUTS), inputsOf(metafile));
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
