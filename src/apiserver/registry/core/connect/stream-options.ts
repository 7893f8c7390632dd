// The options of pods' exec, attach and portforward requests (PodExecOptions, PodAttachOptions,
// PodPortForwardOptions from the query), as the node agent's query of its /exec, /attach and
// /portForward paths names them: input, output, error and tty as "1", each command word, and the
// ports joined by commas.
import { badRequest } from '../../../../machinery/status.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { encodeGoQuery, queryBool, queryString } from './go-query.ts';

export interface StreamOptions {
  container: string;
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
  /** Exec's command words; empty for attach. */
  command: string[];
}

export function decodeStreamOptions(query: URLSearchParams, withCommand: boolean): StreamOptions {
  return {
    container: queryString(query, 'container'),
    stdin: queryBool(query, 'stdin'),
    stdout: queryBool(query, 'stdout'),
    stderr: queryBool(query, 'stderr'),
    tty: queryBool(query, 'tty'),
    command: withCommand ? query.getAll('command') : [],
  };
}

/** The agent's query for exec or attach. */
export function streamQuery(opts: StreamOptions): string {
  const values: Array<[string, string]> = [];
  if (opts.stdin) values.push(['input', '1']);
  if (opts.stdout) values.push(['output', '1']);
  if (opts.stderr) values.push(['error', '1']);
  if (opts.tty) values.push(['tty', '1']);
  for (const word of opts.command) values.push(['command', word]);
  return encodeGoQuery(values);
}

/** Port-forward's ports (each value may hold several, comma-separated); a bad one is a 400. */
export function decodePorts(query: URLSearchParams): number[] {
  const ports: number[] = [];
  for (const value of query.getAll('ports')) {
    for (const part of value.split(',')) {
      if (!/^\d+$/.test(part) || Number(part) > 65535) {
        const why = /^\d+$/.test(part) ? 'value out of range' : 'invalid syntax';
        throw badRequest(`cannot convert to []int32: strconv.ParseUint: parsing ${goQuote(part)}: ${why}`);
      }
      ports.push(Number(part));
    }
  }
  return ports;
}

/** The agent's query for port-forward. */
export function portForwardQuery(ports: readonly number[]): string {
  return ports.length ? encodeGoQuery([['port', ports.join(',')]]) : '';
}
