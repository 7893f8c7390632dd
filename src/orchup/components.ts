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

export function apiserverComponent(ctx: ComponentContext): Component {
  return {
    name: 'orch-apiserver',
    command: BIN_DIR + 'orch-apiserver',
    args: [
      `--data-dir=${ctx.layout.root}`,
      `--cert-dir=${ctx.layout.pkiDir}`,
      `--tls-cert-file=${ctx.pki.servingCertFile}`,
      `--tls-private-key-file=${ctx.pki.servingKeyFile}`,
      `--token-auth-file=${ctx.layout.tokenFile}`,
      `--kvstore-servers=sqlite://${ctx.layout.database}`,
      '--bind-address=127.0.0.1',
      `--secure-port=${ctx.port}`,
      // Flags after `--` come last so that they win over the defaults above.
      ...ctx.apiserverArgs,
    ],
  };
}

/** Components started once the apiserver is ready. None yet: orch-controller-manager joins here. */
export function afterReadyComponents(_ctx: ComponentContext): Component[] {
  return [];
}
