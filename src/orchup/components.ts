// The processes `orch up` runs, and the flags each gets. The apiserver starts first; components
// that talk to it (orch-controller-manager, once it exists) start after /readyz answers ok and
// go in afterReadyComponents().
import { fileURLToPath } from 'node:url';
import type { DataDirLayout } from './layout.ts';
import type { PkiFiles } from './pki.ts';

export interface ComponentContext {
  layout: DataDirLayout;
  pki: PkiFiles;
  port: number;
  /** Flags given after `--`, for orch-apiserver. */
  apiserverArgs: string[];
}

export interface Component {
  name: string;
  /** Executable to run (a launcher under bin/). */
  command: string;
  args: string[];
}

const BIN_DIR = fileURLToPath(new URL('../../bin/', import.meta.url));

/** The apiserver keeps the embedded store in --data-dir (orch.db there) when no --kvstore-servers is given. */
export function apiserverComponent(ctx: ComponentContext): Component {
  const defaults: Array<[string, string]> = [
    ['data-dir', ctx.layout.root],
    ['cert-dir', ctx.layout.pkiDir],
    ['tls-cert-file', ctx.pki.servingCertFile],
    ['tls-private-key-file', ctx.pki.servingKeyFile],
    ['token-auth-file', ctx.layout.tokenFile],
    ['bind-address', '127.0.0.1'],
    ['secure-port', String(ctx.port)],
  ];
  // A flag given after `--` replaces ours rather than adding to it (list flags append on repeat).
  const given = flagNames(ctx.apiserverArgs);
  return {
    name: 'orch-apiserver',
    command: BIN_DIR + 'orch-apiserver',
    args: [...defaults.filter(([name]) => !given.has(name)).map(([name, value]) => `--${name}=${value}`), ...ctx.apiserverArgs],
  };
}

/** Long flag names (without dashes) present in an argument list. */
export function flagNames(args: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const arg of args) {
    const match = /^--([^=]+)/.exec(arg);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** Components started once the apiserver is ready. None yet: orch-controller-manager joins here. */
export function afterReadyComponents(_ctx: ComponentContext): Component[] {
  return [];
}
