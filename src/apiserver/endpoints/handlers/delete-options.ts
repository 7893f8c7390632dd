// DeleteOptions from the query and an optional body (preconditions, dryRun).
import { badRequest, invalid, type StatusCause } from '../../../machinery/status.ts';
import type { Preconditions } from '../../../storage/interface.ts';
import { requestContext, type UserInfo } from '../../../component-base/serving/request-context.ts';
import type { PropagationPolicy } from '../../registry/generic/gc-finalizers.ts';
import { parseBool } from '../../registry/generic/list-options.ts';
import { decodeBody, readBody } from '../body.ts';
import { parseDryRun, type Scope } from './scope.ts';

export interface ParsedDeleteOptions {
  dryRun: boolean;
  preconditions?: Preconditions;
  propagationPolicy?: PropagationPolicy;
  orphanDependents?: boolean;
  gracePeriodSeconds?: number;
  user?: UserInfo;
}

const POLICIES: readonly string[] = ['Foreground', 'Background', 'Orphan'];

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
  const user = requestContext(scope.req).user;
  if (user) out.user = user;
  readPropagation(out, fromBody, scope.query);
  readGracePeriod(out, fromBody, scope.query);
  const pre = fromBody['preconditions'];
  if (pre && typeof pre === 'object') {
    const p = pre as Record<string, unknown>;
    out.preconditions = {};
    if (typeof p['uid'] === 'string') out.preconditions.uid = p['uid'];
    if (typeof p['resourceVersion'] === 'string') out.preconditions.resourceVersion = p['resourceVersion'];
  }
  return out;
}

/** gracePeriodSeconds from the body or the query; a negative period is taken as 1, as Kubernetes does. */
function readGracePeriod(out: ParsedDeleteOptions, body: Record<string, unknown>, query: URLSearchParams): void {
  let value = body['gracePeriodSeconds'];
  const fromQuery = query.get('gracePeriodSeconds');
  if ((value === undefined || value === null) && fromQuery !== null) {
    if (!/^-?\d+$/.test(fromQuery)) throw badRequest(`gracePeriodSeconds: invalid value ${JSON.stringify(fromQuery)}: must be an integer`);
    value = Number(fromQuery);
  }
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest('gracePeriodSeconds in DeleteOptions must be an integer');
  out.gracePeriodSeconds = value < 0 ? 1 : value;
}

/** propagationPolicy and the deprecated orphanDependents, from the body or the query, checked as ValidateDeleteOptions. */
function readPropagation(out: ParsedDeleteOptions, body: Record<string, unknown>, query: URLSearchParams): void {
  const policy = body['propagationPolicy'] ?? query.get('propagationPolicy') ?? undefined;
  const orphan = body['orphanDependents'] ?? parseBool('orphanDependents', query.get('orphanDependents'));
  const causes: StatusCause[] = [];
  if (policy !== undefined && policy !== null) {
    if (typeof policy !== 'string' || !POLICIES.includes(policy)) {
      causes.push({
        reason: 'FieldValueNotSupported',
        field: 'propagationPolicy',
        message: `Unsupported value: ${JSON.stringify(policy)}: supported values: "Foreground", "Background", "Orphan", "nil"`,
      });
    } else {
      out.propagationPolicy = policy as PropagationPolicy;
    }
  }
  if (orphan !== undefined && orphan !== null) {
    if (typeof orphan !== 'boolean') throw badRequest('orphanDependents in DeleteOptions must be a boolean');
    out.orphanDependents = orphan;
    if (out.propagationPolicy) {
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'propagationPolicy',
        message: `Invalid value: ${JSON.stringify(out.propagationPolicy)}: orphanDependents and deletionPropagation cannot be both set`,
      });
    }
  }
  if (causes.length) throw invalid({ group: 'meta.orch.io', kind: 'DeleteOptions' }, '', causes);
}
