// Where `orch up` keeps everything a restart needs, under one data directory.
import { join, resolve } from 'node:path';

export interface DataDirLayout {
  /** Absolute path of the data directory. */
  root: string;
  /** Serving certificate, key and the CA that signed them. */
  pkiDir: string;
  /** Static token file (--token-auth-file) holding the admin token. */
  tokenFile: string;
  /** The orchconfig (kubeconfig) file for kubectl and client libraries. */
  orchconfig: string;
}

/** The layout of `dataDir`, resolved against `cwd` when relative. */
export function dataDirLayout(dataDir: string, cwd: string = process.cwd()): DataDirLayout {
  const root = resolve(cwd, dataDir);
  return {
    root,
    pkiDir: join(root, 'pki'),
    tokenFile: join(root, 'tokens.csv'),
    orchconfig: join(root, 'orchconfig'),
  };
}
