// A pods/log request's options (PodLogOptions from the query), read and checked as Kubernetes
// reads and checks them: a value that does not convert is a 400 with Go's conversion error; values
// that convert but break ValidatePodLogOptions are a 422 PodLogOptions Invalid. The options then
// become the node agent's /containerLogs query.
import { badRequest } from '../../../../machinery/status.ts';
import { forbidden, invalid, invalidObject, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { encodeGoQuery, queryBool, queryInt64, queryString } from './go-query.ts';
import { formatRfc3339, parseRfc3339 } from './rfc3339.ts';

export interface PodLogOptions {
  container: string;
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  sinceSeconds?: number;
  /** As the agent gets it: RFC 3339 in whole seconds. */
  sinceTime?: string;
  tailLines?: number;
  limitBytes?: number;
  /** Skip checking the agent's serving certificate for this request. */
  insecureSkipTLSVerifyBackend: boolean;
}

/** Go's zero time, which an empty sinceTime= stands for. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

function readSinceTime(query: URLSearchParams): string | undefined {
  const text = query.get('sinceTime');
  if (text === null) return undefined;
  if (text === '' || text === 'null') return ZERO_TIME;
  return formatRfc3339(parseRfc3339(text));
}

/** The options of the query; a value that does not convert is a 400. */
export function decodeLogOptions(query: URLSearchParams): PodLogOptions {
  try {
    return {
      container: queryString(query, 'container'),
      follow: queryBool(query, 'follow'),
      previous: queryBool(query, 'previous'),
      timestamps: queryBool(query, 'timestamps'),
      sinceSeconds: queryInt64(query, 'sinceSeconds'),
      sinceTime: readSinceTime(query),
      tailLines: queryInt64(query, 'tailLines'),
      limitBytes: queryInt64(query, 'limitBytes'),
      insecureSkipTLSVerifyBackend: queryBool(query, 'insecureSkipTLSVerifyBackend'),
    };
  } catch (err) {
    throw badRequest((err as Error).message);
  }
}

/** ValidatePodLogOptions' errors (empty when the options are valid). */
export function logOptionErrors(opts: PodLogOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (opts.tailLines !== undefined && opts.tailLines < 0) errs.push(invalid('tailLines', opts.tailLines, 'must be greater than or equal to 0'));
  if (opts.limitBytes !== undefined && opts.limitBytes < 1) errs.push(invalid('limitBytes', opts.limitBytes, 'must be greater than 0'));
  if (opts.sinceSeconds !== undefined && opts.sinceTime !== undefined) {
    errs.push(forbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (opts.sinceSeconds !== undefined && opts.sinceSeconds < 1) {
    errs.push(invalid('sinceSeconds', opts.sinceSeconds, 'must be greater than 0'));
  }
  return errs;
}

/** The options of a log request for pod `podName`, or its 400 or 422. */
export function logOptionsFor(query: URLSearchParams, podName: string): PodLogOptions {
  const opts = decodeLogOptions(query);
  const errs = logOptionErrors(opts);
  if (errs.length) throw invalidObject({ group: '', kind: 'PodLogOptions' }, podName, errs);
  return opts;
}

/** The agent's /containerLogs query for the options. */
export function containerLogsQuery(opts: PodLogOptions): string {
  const values: Array<[string, string]> = [];
  if (opts.follow) values.push(['follow', 'true']);
  if (opts.previous) values.push(['previous', 'true']);
  if (opts.timestamps) values.push(['timestamps', 'true']);
  if (opts.sinceSeconds !== undefined) values.push(['sinceSeconds', String(opts.sinceSeconds)]);
  if (opts.sinceTime !== undefined) values.push(['sinceTime', opts.sinceTime]);
  if (opts.tailLines !== undefined) values.push(['tailLines', String(opts.tailLines)]);
  if (opts.limitBytes !== undefined) values.push(['limitBytes', String(opts.limitBytes)]);
  return encodeGoQuery(values);
}
