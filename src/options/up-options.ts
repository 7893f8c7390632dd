// The command line of `orch up`: a few flags of its own, and everything after `--` handed to
// orch-apiserver unchanged.
import { parseArgs } from 'node:util';

export interface UpOptions {
  dataDir: string;
  port: number;
  /** Extra orch-apiserver flags given after `--`. */
  apiserverArgs: string[];
}

export type UpParse = { kind: 'run'; options: UpOptions } | { kind: 'exit'; code: number; stdout?: string; stderr?: string };

export const DEFAULT_DATA_DIR = '.orch';
export const DEFAULT_PORT = 6443;

export const UP_HELP = `Start a local control plane on the embedded store, in the foreground: orch-apiserver,
then orch-controller-manager once the apiserver is ready.

On first start, creates under the data directory an admin token (tokens.csv), certificates (pki/)
and an orchconfig file for kubectl; later starts reuse them and the stored data (orch.db).
Ctrl-C (SIGINT) or SIGTERM shuts the control plane down gracefully.

Usage:
  orch up [flags] [-- orch-apiserver flags]

Flags:
      --data-dir string   Directory of the control plane's data, relative to the current directory (default "${DEFAULT_DATA_DIR}")
  -h, --help              help for up
      --port int          Port of the apiserver on 127.0.0.1 (default ${DEFAULT_PORT})

Everything after -- is passed to orch-apiserver, e.g. orch up -- -v=4
`;

export function parseUpArgs(argv: string[]): UpParse {
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const apiserverArgs = dashes === -1 ? [] : argv.slice(dashes + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      options: {
        'data-dir': { type: 'string' },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (err) {
    return usageError(err instanceof Error ? firstLine(err.message) : String(err));
  }
  const values = parsed.values;
  if (values.help) return { kind: 'exit', code: 0, stdout: UP_HELP };
  const dataDir = values['data-dir'] ?? DEFAULT_DATA_DIR;
  if (dataDir === '') return usageError('--data-dir must not be empty');
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!/^\d+$/.test(values.port ?? String(DEFAULT_PORT)) || port < 1 || port > 65535) {
    return usageError(`invalid argument ${JSON.stringify(values.port)} for "--port" flag: must be a port number from 1 to 65535`);
  }
  return { kind: 'run', options: { dataDir, port, apiserverArgs } };
}

function usageError(message: string): UpParse {
  return { kind: 'exit', code: 1, stderr: `Error: ${message}\nRun 'orch up --help' for usage.\n` };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
