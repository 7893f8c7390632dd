// orch-apiserver: the API server daemon. The work is in ./apiserver/main.ts; this entry point only
// turns on Node's compile cache first, since loading modules is most of the time to start.
import { enableCompileCache } from 'node:module';
import type { CommandIO } from '../options/command-io.ts';

/** The process: runs the daemon with the command line's arguments and exits with its code. */
export async function main(): Promise<void> {
  enableCompileCache();
  const { apiserverMain } = await import('./apiserver/main.ts');
  const io: CommandIO = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
  const code = await apiserverMain(process.argv.slice(2), io);
  // Shutdown is complete and storage closed: leave now rather than wait for client libraries'
  // idle timers (the etcd client keeps some for half a minute). A pipe takes 64 KiB at once and
  // process.exit drops what is still queued (--help is longer), so the output is flushed first.
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
  process.exit(code);
}

if (import.meta.main) await main();
