// Maps a PATCH request's Content-Type to a patch type, and parses the body the way each type
// requires (JSON for the three classic patches, YAML for apply).

import { parse as parseYaml } from '../lazy/yaml.ts';
import { StatusError, badRequest } from '../status.ts';

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

const mediaTypes: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/** The patch type a Content-Type names (parameters such as charset ignored), or undefined. */
export function patchTypeFromContentType(ct: string): PatchType | undefined {
  const mediaType = ct.split(';', 1)[0]!.trim().toLowerCase();
  return mediaTypes[mediaType];
}

/** The media types a resource accepts for PATCH, in the order Kubernetes lists them. */
export function acceptedPatchMediaTypes(opts: { strategic: boolean }): string[] {
  const types = ['application/json-patch+json', 'application/merge-patch+json'];
  if (opts.strategic) types.push('application/strategic-merge-patch+json');
  types.push('application/apply-patch+yaml');
  return types;
}

/**
 * The patch type of a request, or a 415 listing the accepted ones. apply-patch+cbor is refused
 * here too: this server does not serve CBOR.
 */
export function requirePatchType(ct: string | undefined, opts: { strategic: boolean }): PatchType {
  const type = ct === undefined ? undefined : patchTypeFromContentType(ct);
  if (type && (type !== 'strategic' || opts.strategic)) return type;
  const accepted = acceptedPatchMediaTypes(opts).join(', ');
  return throwStatus(
    415,
    `the body of the request was in an unknown format - accepted media types include: ${accepted}`,
  );
}

function throwStatus(code: number, message: string): never {
  throw new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'UnsupportedMediaType',
    code,
  });
}

/**
 * Parses a PATCH body for its type: JSON for json/merge/strategic, YAML (a JSON superset) for
 * apply. Malformed input is a 400 naming the problem.
 */
export function parsePatchBody(type: PatchType, body: Buffer | string): unknown {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (type === 'apply') return parseApplyBody(text);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`error decoding patch: ${(err as Error).message}`);
  }
}

function parseApplyBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseYaml(text, { uniqueKeys: true, prettyErrors: false });
  } catch (err) {
    throw badRequest(`error decoding YAML: ${firstLine((err as Error).message)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    throw badRequest(`error decoding YAML: the apply configuration must be an object, got ${got}`);
  }
  return value as Record<string, unknown>;
}

function firstLine(s: string): string {
  return s.split('\n', 1)[0]!;
}
