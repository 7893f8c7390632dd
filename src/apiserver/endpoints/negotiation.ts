// Chooses the response form from the Accept header: JSON or YAML, optionally as a meta.v1 Table
// or PartialObjectMetadata, answered in the group the client named (meta.orch.io or meta.k8s.io).
import { notAcceptable } from '../../machinery/status.ts';

export type MediaType = 'application/json' | 'application/yaml';

export interface OutputChoice {
  mediaType: MediaType;
  /** Set when the client asked for a transformed form. */
  as?: 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';
  /** The group/version to answer the transformed form in, e.g. meta.k8s.io/v1. */
  asApiVersion?: string;
}

export const META_GROUPS = new Set(['meta.orch.io', 'meta.k8s.io']);

interface AcceptClause {
  type: string;
  params: Record<string, string>;
}

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

function mediaTypeOf(type: string): MediaType | undefined {
  switch (type) {
    case 'application/json':
    case 'application/*':
    case '*/*':
    case 'application/json-seq':
      return 'application/json';
    case 'application/yaml':
      return 'application/yaml';
    default:
      return undefined;
  }
}

const ACCEPTED = 'application/json, application/yaml';

/**
 * The first clause this server can answer. `transforms` lists the `as=` kinds allowed here
 * (Table on reads, none on writes).
 */
export function negotiateOutput(accept: string | undefined, transforms: ReadonlyArray<NonNullable<OutputChoice['as']>> = []): OutputChoice {
  for (const clause of parseAccept(accept)) {
    const mediaType = mediaTypeOf(clause.type);
    if (!mediaType) continue;
    const as = clause.params['as'];
    if (!as) return { mediaType };
    const g = clause.params['g'] ?? '';
    const v = clause.params['v'] ?? '';
    if (!transforms.includes(as as never) || !META_GROUPS.has(g) || (v !== 'v1' && v !== 'v1beta1')) continue;
    return { mediaType, as: as as OutputChoice['as'], asApiVersion: `${g}/${v}` };
  }
  throw notAcceptable(`only the following media types are accepted: ${ACCEPTED}`);
}
