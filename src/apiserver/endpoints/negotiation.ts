// Chooses the response form from the Accept header through the codecs module: JSON, YAML or
// protobuf, optionally as a meta.v1 Table or PartialObjectMetadata answered in the group the
// client named (meta.orch.io or meta.k8s.io).
import { notAcceptable } from '../../machinery/status.ts';
import { negotiateOutput as negotiate } from '../../machinery/codecs/negotiate.ts';
import type { MediaType } from '../../machinery/codecs/media-types.ts';
// The protobuf codec and protobufjs load with the first request that can use them (lazy-sources.ts).
import { protobufCodec } from '../../machinery/lazy/lazy-sources.ts';

export type { MediaType } from '../../machinery/codecs/media-types.ts';

export type Transform = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';

export interface OutputChoice {
  mediaType: MediaType;
  /** The Content-Type header to send. */
  contentType: string;
  /** Set when the client asked for a transformed form. */
  as?: Transform;
  /** The group/version to answer the transformed form in, e.g. meta.k8s.io/v1. */
  asApiVersion?: string;
  /** pretty=1 in the Accept header. */
  pretty?: boolean;
}

/**
 * The first Accept clause this endpoint can answer. `transforms` lists the `as=` kinds allowed
 * here (Table and PartialObjectMetadata on reads, none on writes); `kind` decides protobuf.
 */
export function negotiateOutput(accept: string | undefined, transforms: readonly Transform[] = [], opts: { kind?: string; stream?: boolean } = {}): OutputChoice {
  const out = negotiate(accept, {
    allowTable: transforms.includes('Table'),
    // Read only when the Accept header names protobuf, or to list what a 406 accepts.
    get allowProtobuf() {
      return opts.kind ? protobufCodec().supportsProtobuf(opts.kind) : false;
    },
    stream: opts.stream,
  });
  const choice: OutputChoice = { mediaType: out.mediaType, contentType: out.contentType };
  if (out.pretty) choice.pretty = true;
  if (out.table) {
    choice.as = 'Table';
    choice.asApiVersion = `${out.table.group}/${out.table.version}`;
  } else if (out.partialObjectMetadata) {
    const as: Transform = out.partialObjectMetadata.list ? 'PartialObjectMetadataList' : 'PartialObjectMetadata';
    if (!transforms.includes(as)) throw notAcceptable(`only the following media types are accepted: application/json, application/yaml`);
    choice.as = as;
    choice.asApiVersion = `${out.partialObjectMetadata.group}/${out.partialObjectMetadata.version}`;
  }
  return choice;
}

interface AcceptClause {
  type: string;
  params: Record<string, string>;
}

/** Clauses of an Accept header with their parameters (discovery reads `as`, `g` and `v`). */
export function parseAccept(accept: string | undefined): AcceptClause[] {
  if (!accept || !accept.trim()) return [{ type: '*/*', params: {} }];
  return accept.split(',').map((clause) => {
    const [type, ...rest] = clause.split(';');
    const params: Record<string, string> = {};
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).trim()] = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
    }
    return { type: type!.trim().toLowerCase(), params };
  });
}
