// `orch`: the single command for running orch locally. Dispatches to its subcommands; `orch up`
// starts the control plane in the foreground.
import { enableCompileCache } from 'node:module';
import { formatVersionFlag } from '../component-base/version/version.ts';
import type { UpIO } from '../orchup/up.ts';

const HELP = `orch runs a Kubernetes-compatible control plane on this machine.

Usage:
  orch [command]

Available Commands:
  up          Start the control plane on the embedded store, in the foreground
  version     Print the version information

Flags:
  -h, --help   help for orch

Use "orch [command] --help" for more information about a command.
`;



/** Runs `orch` with its arguments (without the program name); settles with the exit code. */
export async function orchMain(argv: string[], io: UpIO): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.stdout(HELP);
      return 0;
    case 'up': {
      // Loaded on use: `up` brings in the X.509 library, which help and version do not need.
      const { runUp } = await import('../orchup/up.ts');
      return runUp(rest, io);
    }
    case 'version':
      io.stdout(versionText());
      return 0;
    default:
      io.stderr(`Error: unknown command ${JSON.stringify(command)} for "orch"\nRun 'orch --help' for usage.\n`);
      return 1;
  }
}

function versionText(): string {
  return formatVersionFlag({ version: '', emulatedVersion: [], minCompatibilityVersion: [], minCompatibilityVersionGiven: false }, false) + '\n';
}

/** The process: runs `orch` with the command line's arguments and sets the exit code. */
export async function main(): Promise<void> {
  // Reuse compiled code across runs: loading modules is most of the time to start.
  enableCompileCache();
  const io: UpIO = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
  };
  process.exitCode = await orchMain(process.argv.slice(2), io);
}

if (import.meta.main) await main();
