// Output negotiation: picks the response media type from the Accept header the way Kubernetes
// does, including the transformation parameters kubectl sends (`as=Table;v=v1;g=meta.k8s.io`).

import { notAcceptable } from '../status.ts';
import {
  jsonMediaType,
  kubernetesProtobufMediaType,
  parseAccept,
  protobufMediaType,
  yamlMediaType,
  type AcceptClause,
  type MediaType,
} from './media-types.ts';

export interface NegotiateOptions {
  /** The endpoint can answer as a meta Table (get and list). */
  allowTable: boolean;
  /** The kind has protobuf messages. */
  allowProtobuf: boolean;
  /** A watch: YAML has no stream form, and the content type says `stream=watch`. */
  stream?: boolean;
}

export interface NegotiatedOutput {
  mediaType: MediaType;
  /** The Content-Type header to send (echoes the client's protobuf spelling; `;stream=watch` on watches). */
  contentType: string;
  /** Set when the client asked for a Table; `group` is the meta group it named. */
  table?: { version: 'v1' | 'v1beta1'; group: string };
  /** Set when the client asked for PartialObjectMetadata(List). */
  partialObjectMetadata?: { version: 'v1' | 'v1beta1'; group: string; list: boolean };
  /** The client asked for pretty output with `pretty=1`. */
  pretty?: boolean;
}

const metaGroups = new Set(['meta.k8s.io', 'meta.orch.io']);

/** Throws 406 NotAcceptable when no clause of the Accept header can be served. */
export function negotiateOutput(accept: string | undefined, opts: NegotiateOptions): NegotiatedOutput {
  const clauses = accept && accept.trim() !== '' ? parseAccept(accept) : [];
  if (clauses.length === 0) return finish({ mediaType: jsonMediaType, contentType: jsonMediaType }, opts);
  for (const clause of clauses) {
    if (clause.q === 0) continue;
    const chosen = matchClause(clause, opts);
    if (chosen) return finish(chosen, opts);
  }
  const accepted = [jsonMediaType, yamlMediaType, ...(opts.allowProtobuf ? [protobufMediaType] : [])];
  throw notAcceptable(`only the following media types are accepted: ${accepted.join(', ')}`);
}

/**
 * The form of an error Status, negotiated as Kubernetes does it for errors: the first clause that
 * names JSON, YAML or protobuf, whether or not it asks for a watch stream; a clause asking for a
 * transformation (`as=Table`) cannot carry a Status and is passed over. When no clause fits, JSON:
 * an error is never hidden behind a 406.
 */
export function negotiateStatusOutput(accept: string | undefined): { mediaType: MediaType; contentType: string } {
  const clauses = accept && accept.trim() !== '' ? parseAccept(accept) : [];
  for (const clause of clauses) {
    if (clause.q === 0 || clause.params.as !== undefined) continue;
    const chosen = mediaTypeFor(clause, { allowTable: false, allowProtobuf: true });
    if (chosen) return chosen;
  }
  return { mediaType: jsonMediaType, contentType: jsonMediaType };
}

function finish(out: NegotiatedOutput, opts: NegotiateOptions): NegotiatedOutput {
  if (opts.stream) out.contentType = `${out.contentType};stream=watch`;
  return out;
}

function matchClause(clause: AcceptClause, opts: NegotiateOptions): NegotiatedOutput | undefined {
  const mediaType = mediaTypeFor(clause, opts);
  if (!mediaType) return undefined;
  const out: NegotiatedOutput = { mediaType: mediaType.mediaType, contentType: mediaType.contentType };
  const { as, v, g, pretty, stream } = clause.params;
  if (stream !== undefined && (stream !== 'watch' || !opts.stream)) return undefined;
  if (pretty !== undefined) out.pretty = pretty === '1';
  if (as === undefined) return out;
  // Transformations exist only as JSON or YAML, and only for the meta group's versions.
  if (mediaType.mediaType === protobufMediaType) return undefined;
  if (v !== 'v1' && v !== 'v1beta1') return undefined;
  if (g === undefined || !metaGroups.has(g)) return undefined;
  if (as === 'Table') {
    if (!opts.allowTable) return undefined;
    out.table = { version: v, group: g };
    return out;
  }
  if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') {
    out.partialObjectMetadata = { version: v, group: g, list: as === 'PartialObjectMetadataList' };
    return out;
  }
  return undefined;
}

function mediaTypeFor(clause: AcceptClause, opts: NegotiateOptions): { mediaType: MediaType; contentType: string } | undefined {
  const { type, subtype } = clause;
  if (type === '*' && subtype === '*') return { mediaType: jsonMediaType, contentType: jsonMediaType };
  if (type !== 'application') return undefined;
  const full = `${type}/${subtype}`;
  if (subtype === '*' || full === jsonMediaType) return { mediaType: jsonMediaType, contentType: jsonMediaType };
  if (full === yamlMediaType) return opts.stream ? undefined : { mediaType: yamlMediaType, contentType: yamlMediaType };
  if (full === protobufMediaType || full === kubernetesProtobufMediaType) {
    return opts.allowProtobuf ? { mediaType: protobufMediaType, contentType: full } : undefined;
  }
  return undefined;
}

/**
 * Pretty JSON when the `pretty` query parameter parses as true (a non-empty value decides, as
 * Go's strconv.ParseBool reads it), or else for browsers and command-line fetchers.
 */
export function wantsPretty(userAgent: string | undefined, prettyParam: string | null): boolean {
  if (prettyParam) return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(prettyParam);
  if (!userAgent) return false;
  return userAgent.startsWith('curl') || userAgent.startsWith('Wget') || userAgent.startsWith('Mozilla/5.0');
}
