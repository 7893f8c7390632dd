// The options of a /containerLogs request as the API server passes them on (follow, previous,
// timestamps, sinceSeconds, sinceTime, tailLines, limitBytes), and the part of a log they select.
import type { LogLine } from './container-logs.ts';

export interface LogQuery {
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  /** Lines at or after this time (ms) only. */
  since: number | undefined;
  tailLines: number | undefined;
  limitBytes: number | undefined;
}

function integer(params: URLSearchParams, name: string): number | undefined {
  const text = params.get(name);
  if (text === null || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new Error(`invalid ${name} ${JSON.stringify(text)}`);
  return value;
}

/** The query's options; a malformed value throws with a message for a 400. */
export function parseLogQuery(params: URLSearchParams, now: number): LogQuery {
  const sinceSeconds = integer(params, 'sinceSeconds');
  const sinceTime = params.get('sinceTime');
  let since: number | undefined;
  if (sinceSeconds !== undefined) since = now - sinceSeconds * 1000;
  else if (sinceTime) {
    since = Date.parse(sinceTime);
    if (!Number.isFinite(since)) throw new Error(`invalid sinceTime ${JSON.stringify(sinceTime)}`);
  }
  return {
    follow: params.get('follow') === 'true',
    previous: params.get('previous') === 'true',
    timestamps: params.get('timestamps') === 'true',
    since,
    tailLines: integer(params, 'tailLines'),
    limitBytes: integer(params, 'limitBytes'),
  };
}

/** RFC 3339 with nanoseconds, as the node agent stamps log lines. */
export function nanoTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

export function formatLine(line: LogLine, timestamps: boolean): string {
  return timestamps ? `${nanoTimestamp(line.at)} ${line.text}\n` : `${line.text}\n`;
}

/** The lines already written that the query selects. */
export function selectLines(lines: readonly LogLine[], query: LogQuery): LogLine[] {
  let selected = query.since === undefined ? [...lines] : lines.filter((l) => l.at >= query.since!);
  if (query.tailLines !== undefined) selected = query.tailLines === 0 ? [] : selected.slice(-query.tailLines);
  return selected;
}
