// The real kubectl against a test server: an orchconfig with the admin token (or any token
// users), a non-interactive editor for `kubectl edit`, and one call that collects exit code and
// output.
import { existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { stringify } from 'yaml';

export const KUBECTL = '/usr/bin/kubectl';

/** A reason to skip kubectl tests, or false when kubectl is installed. */
export const kubectlSkip: string | false = existsSync(KUBECTL) ? false : `${KUBECTL} is not installed`;

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Kubectl {
  dir: string;
  run(args: string[], env?: Record<string, string>): Promise<KubectlResult>;
  /** Writes a file in the temp dir and returns its path. */
  file(name: string, content: string): string;
  /**
   * An editor for `kubectl edit` (KUBE_EDITOR) that replaces `from` by `to` in the file it is
   * given, as a person would in an editor.
   */
  editor(from: string, to: string): Record<string, string>;
  close(): void;
}

export interface KubeconfigUser {
  name: string;
  token?: string;
}

export interface KubeconfigOptions {
  server: string;
  caFile: string;
  /** One user and one context of the same name per entry, all on the one cluster. */
  users: KubeconfigUser[];
  /** The context kubectl uses without --context; the first user when absent. */
  currentUser?: string;
  namespace?: string;
}

/** Writes an orchconfig named `config` in `dir` and returns its path. */
export function writeKubeconfig(dir: string, options: KubeconfigOptions): string {
  const { server, caFile, users, currentUser = users[0]?.name, namespace = 'default' } = options;
  const path = join(dir, 'config');
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'orch', cluster: { server, 'certificate-authority': caFile } }],
      users: users.map(({ name, token }) => ({ name, user: token === undefined ? {} : { token } })),
      contexts: users.map(({ name }) => ({ name, context: { cluster: 'orch', user: name, namespace } })),
      'current-context': currentUser,
    }),
  );
  return path;
}

export function kubectlFor(server: { url: string; caFile: string; token?: string }, namespace = 'default'): Kubectl {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kubectl-'));
  const config = writeKubeconfig(dir, { server: server.url, caFile: server.caFile, users: [{ name: 'admin', token: server.token }], namespace });
  let editors = 0;
  return {
    dir,
    run(args, env = {}) {
      return new Promise((resolve) => {
        execFile(
          KUBECTL,
          ['--kubeconfig', config, ...args],
          { timeout: 20_000, env: { ...process.env, HOME: dir, ...env } },
          (err, stdout, stderr) => {
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') });
          },
        );
      });
    },
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    editor(from, to) {
      const script = join(dir, `editor-${++editors}.mjs`);
      writeFileSync(
        script,
        `#!${process.execPath}\nimport { readFileSync, writeFileSync } from 'node:fs';\nconst f = process.argv[2];\nwriteFileSync(f, readFileSync(f, 'utf8').replace(${JSON.stringify(from)}, ${JSON.stringify(to)}));\n`,
      );
      chmodSync(script, 0o755);
      return { KUBE_EDITOR: script, EDITOR: script };
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
