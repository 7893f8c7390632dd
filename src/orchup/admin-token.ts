// The admin credential of a local control plane: one random bearer token in a static token file
// (--token-auth-file), made on first start and read back on every later one.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const ADMIN_USER = 'orch-admin';
export const ADMIN_GROUP = 'system:masters';

export interface AdminToken {
  token: string;
  /** True when this call wrote the token file. */
  created: boolean;
}

/** Returns the admin token from `tokenFile`, creating the file (mode 0600) when it is missing. */
export function ensureAdminToken(tokenFile: string): AdminToken {
  if (existsSync(tokenFile)) {
    const token = findAdminToken(readFileSync(tokenFile, 'utf8'));
    if (!token) throw new Error(`${tokenFile} has no line for user ${ADMIN_USER}; remove the file to have a new token made`);
    return { token, created: false };
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(tokenFile, tokenFileLine(token), { mode: 0o600, flag: 'wx' });
  return { token, created: true };
}

/** A token file line in the form the token authenticator reads: token,user,uid,"group1,group2". */
export function tokenFileLine(token: string): string {
  return `${token},${ADMIN_USER},${ADMIN_USER},"${ADMIN_GROUP}"\n`;
}

/** The token of the admin user's line, if the file has one. */
export function findAdminToken(content: string): string | undefined {
  for (const line of content.split('\n')) {
    const fields = line.trim().split(',');
    if (fields.length >= 2 && fields[1] === ADMIN_USER && fields[0]) return fields[0];
  }
  return undefined;
}
