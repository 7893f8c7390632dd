// DeleteOptions from the query and an optional body (preconditions, dryRun).
import { badRequest } from '../../../machinery/status.ts';
import type { Preconditions } from '../../../storage/interface.ts';
import { decodeBody, readBody } from '../body.ts';
import { parseDryRun, type Scope } from './scope.ts';

export interface ParsedDeleteOptions {
  dryRun: boolean;
  preconditions?: Preconditions;
}

export async function readDeleteOptions(scope: Scope): Promise<ParsedDeleteOptions> {
  const body = await readBody(scope.req);
  let fromBody: Record<string, unknown> = {};
  if (body.length) {
    const decoded = decodeBody(scope.req.headers['content-type'], body, 'DeleteOptions').value;
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw badRequest('the body of a delete must be a DeleteOptions object');
    fromBody = decoded as Record<string, unknown>;
  }
  const dryRunValues = scope.query.getAll('dryRun');
  if (Array.isArray(fromBody['dryRun'])) dryRunValues.push(...(fromBody['dryRun'] as string[]));
  const out: ParsedDeleteOptions = { dryRun: parseDryRun(dryRunValues, 'DeleteOptions') };
  const pre = fromBody['preconditions'];
  if (pre && typeof pre === 'object') {
    const p = pre as Record<string, unknown>;
    out.preconditions = {};
    if (typeof p['uid'] === 'string') out.preconditions.uid = p['uid'];
    if (typeof p['resourceVersion'] === 'string') out.preconditions.resourceVersion = p['resourceVersion'];
  }
  return out;
}
