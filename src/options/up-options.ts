// The command line of `orch up`: a few flags of its own, and everything after `--` handed to
// orch-apiserver unchanged.
import { parseArgs } from 'node:util';

export interface UpOptions {
  dataDir: string;
  port: number;
  /** Simulated nodes the node agent runs (0: no node agent). */
  nodes: number;
  /** Extra orch-apiserver flags given after `--`. */
  apiserverArgs: string[];
}

export type UpParse = { kind: 'run'; options: UpOptions } | { kind: 'exit'; code: number; stdout?: string; stderr?: string };

export const DEFAULT_DATA_DIR = '.orch';
export const DEFAULT_PORT = 6443;
export const DEFAULT_NODES = 1;
/** The node agent gives each node a /24 of 10.244.0.0/16 after its number. */
const MAX_NODES = 255;

export const UP_HELP = `Start a local control plane on the embedded store, in the foreground: orch-apiserver,
then orch-controller-manager, orch-scheduler and orch-nodeagent once the apiserver is ready.

Pods are simulated: orch-nodeagent registers --nodes nodes and plays their node agent without a
container runtime. Containers start, become ready, exit and restart as their pods ask, and their
logs tell what happened to them, but no process runs.

On first start, creates under the data directory an admin token (tokens.csv), certificates (pki/)
and an orchconfig file for kubectl; later starts reuse them and the stored data (orch.db).
Ctrl-C (SIGINT) or SIGTERM shuts the control plane down gracefully.

Usage:
  orch up [flags] [-- orch-apiserver flags]

Flags:
      --data-dir string   Directory of the control plane's data, relative to the current directory (default "${DEFAULT_DATA_DIR}")
  -h, --help              help for up
      --nodes int         Number of simulated nodes, named orch-node-1, orch-node-2, …; 0 starts no node agent (default ${DEFAULT_NODES})
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
        nodes: { type: 'string' },
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
  const nodes = values.nodes === undefined ? DEFAULT_NODES : Number(values.nodes);
  if (!/^\d+$/.test(values.nodes ?? String(DEFAULT_NODES)) || nodes > MAX_NODES) {
    return usageError(`invalid argument ${JSON.stringify(values.nodes)} for "--nodes" flag: must be a number of nodes from 0 to ${MAX_NODES}`);
  }
  return { kind: 'run', options: { dataDir, port, nodes, apiserverArgs } };
}

function usageError(message: string): UpParse {
  return { kind: 'exit', code: 1, stderr: `Error: ${message}\nRun 'orch up --help' for usage.\n` };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
