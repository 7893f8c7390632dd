// The process side of a small component (orch-scheduler, orch-nodeagent): SIGTERM or SIGINT begin
// a clean shutdown and a second one exits at once; the process lives until the component returns
// and exits with its code.
import type { CommandIO } from '../options/command-io.ts';

export type ComponentMain = (argv: string[], io: CommandIO, deps: { shutdown: AbortSignal }) => Promise<number>;

export async function runComponentMain(main: ComponentMain): Promise<void> {
  const shutdown = new AbortController();
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(1);
    signalled = true;
    shutdown.abort();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const io: CommandIO = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
  // A daemon lives until told to stop, even while nothing else is pending.
  const keepAlive = setInterval(() => {}, 1 << 30);
  process.exitCode = await main(process.argv.slice(2), io, { shutdown: shutdown.signal });
  clearInterval(keepAlive);
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
}
