// Query parameters of list and watch, parsed and validated as Kubernetes' ValidateListOptions.
import { badRequest, invalid, type StatusCause } from '../../../machinery/status.ts';
import type { ResourceVersionMatch } from '../../../storage/interface.ts';

export interface ListQuery {
  labelSelector: string;
  fieldSelector: string;
  watch: boolean;
  allowWatchBookmarks: boolean;
  resourceVersion: string;
  resourceVersionMatch?: ResourceVersionMatch;
  /** undefined when the parameter is absent (its presence alone matters to validation). */
  sendInitialEvents?: boolean;
  limit: number;
  continue: string;
  timeoutSeconds?: number;
}

export function parseBool(name: string, v: string | null): boolean | undefined {
  if (v === null) return undefined;
  if (v === '' || v === 'true' || v === '1' || v === 'True' || v === 'TRUE' || v === 't') return true;
  if (v === 'false' || v === '0' || v === 'False' || v === 'FALSE' || v === 'f') return false;
  throw badRequest(`invalid boolean value for ${name}: ${JSON.stringify(v)}`);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Parses an int64 parameter as Kubernetes does: what does not fit in an int64 is refused. Values
 * past 2^53, valid but beyond a double's exact range, are held at Number.MAX_SAFE_INTEGER: for a
 * limit or a timeout that means "no bound" either way, and storage only ever sees a safe integer.
 */
function parseInt64(name: string, v: string | null): number | undefined {
  if (v === null || v === '') return undefined;
  const syntax = (why: string) => badRequest(`invalid value for ${name}: strconv.ParseInt: parsing ${JSON.stringify(v)}: ${why}`);
  if (!/^[+-]?\d+$/.test(v)) throw syntax('invalid syntax');
  const n = BigInt(v);
  if (n < INT64_MIN || n > INT64_MAX) throw syntax('value out of range');
  return Math.max(Math.min(Number(n), Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
}

const LIST_OPTIONS = { group: 'meta.orch.io', kind: 'ListOptions' };

function forbidden(field: string, message: string): StatusCause {
  return { reason: 'FieldValueForbidden', field, message: `Forbidden: ${message}` };
}

function notSupported(field: string, value: string, supported: string[]): StatusCause {
  return {
    reason: 'FieldValueNotSupported',
    field,
    message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`,
  };
}

/** Parses list/watch parameters; `watchPath` is true for the legacy /watch/ routes. */
export function parseListQuery(query: URLSearchParams, watchPath = false): ListQuery {
  const match = query.get('resourceVersionMatch') ?? '';
  const limit = parseInt64('limit', query.get('limit')) ?? 0;
  const out: ListQuery = {
    labelSelector: query.get('labelSelector') ?? '',
    fieldSelector: query.get('fieldSelector') ?? '',
    watch: watchPath || (parseBool('watch', query.get('watch')) ?? false),
    allowWatchBookmarks: parseBool('allowWatchBookmarks', query.get('allowWatchBookmarks')) ?? false,
    resourceVersion: query.get('resourceVersion') ?? '',
    sendInitialEvents: parseBool('sendInitialEvents', query.get('sendInitialEvents')),
    limit: limit > 0 ? limit : 0,
    continue: query.get('continue') ?? '',
    timeoutSeconds: parseInt64('timeoutSeconds', query.get('timeoutSeconds')),
  };
  if (match) out.resourceVersionMatch = match as ResourceVersionMatch;
  const causes = out.watch ? validateWatch(out, match) : validateList(out, match);
  if (causes.length) throw invalid(LIST_OPTIONS, '', causes);
  return out;
}

function validateList(o: ListQuery, match: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (match) {
    if (!o.resourceVersion) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (o.continue) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') causes.push(notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && o.resourceVersion === '0') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (o.sendInitialEvents !== undefined) causes.push(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return causes;
}

function validateWatch(o: ListQuery, match: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (o.sendInitialEvents !== undefined && match !== 'NotOlderThan') {
    causes.push(forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
  }
  if (match) {
    if (o.sendInitialEvents === undefined) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') causes.push(notSupported('resourceVersionMatch', match, ['NotOlderThan']));
    if (o.continue) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
  }
  return causes;
}

/** A continue token carries its own snapshot; Kubernetes refuses an explicit resourceVersion with it. */
export function checkContinueWithResourceVersion(o: ListQuery): void {
  if (o.continue && o.resourceVersion && o.resourceVersion !== '0') {
    throw badRequest('specifying resource version is not allowed when using continue');
  }
}
