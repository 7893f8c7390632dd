// --token-auth-file: a CSV of `token,user,uid,"group1,group2"`. Tokens are compared in constant
// time and never logged.
import { readFileSync } from 'node:fs';
import { hash, timingSafeEqual } from 'node:crypto';
import { klog } from '../../component-base/logs/klog.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';
import type { TokenAuthenticator } from '../../component-base/authentication/types.ts';

const log = klog('authentication/token-file');

interface TokenEntry {
  digest: Buffer;
  user: UserInfo;
}

/** One CSV record, with double-quoted fields that may hold commas and "" escapes. */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new Error('unterminated quoted field');
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i++];
      }
      if (i < line.length && line[i] !== ',') throw new Error('extraneous text after a quoted field');
    } else {
      const end = line.indexOf(',', i);
      field = end < 0 ? line.slice(i) : line.slice(i, end);
      i = end < 0 ? line.length : end;
    }
    fields.push(field);
    i++;
  }
  return fields;
}

function digest(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

/** Reads and checks the file; errors name the file and line, never a token. */
export function loadTokenFile(path: string): TokenAuthenticator {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`unable to read --token-auth-file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const entries = new Map<string, TokenEntry>();
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let record: string[];
    try {
      record = parseCsvLine(line);
    } catch (err) {
      throw new Error(`--token-auth-file ${path} line ${index + 1}: ${(err as Error).message}`);
    }
    if (record.length < 3) throw new Error(`--token-auth-file ${path} line ${index + 1}: want at least 3 columns (token,user,uid), got ${record.length}`);
    const [token, name, uid, groups] = record as [string, string, string, string | undefined];
    if (token === '') throw new Error(`--token-auth-file ${path} line ${index + 1}: empty token`);
    if (seen.has(token)) log.warning('duplicate token in token file; the last one wins', { file: path, line: index + 1 });
    seen.add(token);
    const user: UserInfo = { name, uid, groups: groups ? groups.split(',').map((g) => g.trim()).filter(Boolean) : [] };
    const d = digest(token);
    entries.set(d.toString('base64'), { digest: d, user });
  });
  log.info('loaded token file', { file: path, users: entries.size }, 2);
  return {
    async authenticateToken(token) {
      // Entries are found by the SHA-256 of the token, so lookup timing can only reveal digests,
      // never the token; the digest is then compared in constant time.
      const presented = digest(token);
      const entry = entries.get(presented.toString('base64'));
      if (!entry || !timingSafeEqual(entry.digest, presented)) return null;
      return { user: { ...entry.user, groups: [...entry.user.groups] } };
    },
  };
}
