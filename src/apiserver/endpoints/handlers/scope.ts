// What every verb handler receives, and the parameter parsing they share.
import type { Request, Response } from '../../../component-base/serving/request-context.ts';
import type { RequestInfo } from '../../../component-base/serving/request-context.ts';
import { requestContext } from '../../../component-base/serving/request-context.ts';
import { badRequest, invalid, type StatusCause } from '../../../machinery/status.ts';
import type { InstalledResource, FieldValidation, WriteOptions } from '../../registry/generic/context.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { apiVersionOf } from '../../registry/resource.ts';
import { decodeBody, readBody } from '../body.ts';
import { recordRequestObject } from '../../audit/request-audit.ts';
import { decodeObject } from '../../registry/generic/decode.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';

export interface HandlerConfig {
  /** --delete-collection-workers */
  deleteCollectionWorkers: number;
  /** Watch timeout when the client gives none: a random value in [min, 2*min) as Kubernetes. */
  minRequestTimeoutSeconds: number;
  /** Bookmark interval on watches that allow them. */
  bookmarkIntervalMs: number;
}

export interface Scope {
  req: Request;
  res: Response;
  info: RequestInfo;
  query: URLSearchParams;
  resource: InstalledResource;
  config: HandlerConfig;
}

export type VerbHandler = (scope: Scope) => Promise<void>;

type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions';

function optionsInvalid(kind: OptionsKind, causes: StatusCause[]) {
  return invalid({ group: 'meta.orch.io', kind }, '', causes);
}

export function parseDryRun(values: string[], kind: OptionsKind): boolean {
  if (!values.length) return false;
  if (values.some((v) => v !== 'All')) {
    throw optionsInvalid(kind, [
      { reason: 'FieldValueNotSupported', field: 'dryRun', message: `Unsupported value: []string{${values.map((v) => JSON.stringify(v)).join(', ')}}: supported values: "All"` },
    ]);
  }
  return true;
}

const FIELD_VALIDATIONS: readonly FieldValidation[] = ['Ignore', 'Strict', 'Warn'];

/** dryRun, fieldManager and fieldValidation of create, update and patch. */
export function parseWriteOptions(scope: Scope, kind: OptionsKind): WriteOptions {
  const dryRun = parseDryRun(scope.query.getAll('dryRun'), kind);
  const fv = scope.query.get('fieldValidation') ?? '';
  if (fv && !FIELD_VALIDATIONS.includes(fv as FieldValidation)) {
    throw optionsInvalid(kind, [
      { reason: 'FieldValueNotSupported', field: 'fieldValidation', message: `Unsupported value: ${JSON.stringify(fv)}: supported values: "Ignore", "Strict", "Warn"` },
    ]);
  }
  const explicitManager = scope.query.get('fieldManager') ?? '';
  if (explicitManager.length > 128) {
    throw optionsInvalid(kind, [{ reason: 'FieldValueTooLong', field: 'fieldManager', message: `Too long: may not be more than 128 bytes` }]);
  }
  const opts: WriteOptions = { dryRun, fieldValidation: (fv || 'Warn') as FieldValidation };
  const user = requestContext(scope.req).user;
  if (user) opts.user = user;
  const manager = explicitManager || managerFromUserAgent(scope.req.headers['user-agent']);
  if (manager) opts.fieldManager = manager;
  return opts;
}

// A few User-Agents send nearly every request. Each one's manager name is worked out once and
// kept as a string of its own: a slice of the header would keep the whole header alive inside
// every stored object's managedFields.
const MAX_KNOWN_AGENTS = 256;
const managersByAgent = new Map<string, string>();

/** The default field manager: the User-Agent up to its first "/" (as Kubernetes). */
function managerFromUserAgent(ua: string | undefined): string {
  if (!ua) return '';
  let manager = managersByAgent.get(ua);
  if (manager === undefined) {
    manager = Array.from(ua.split('/')[0]!.slice(0, 128)).join('');
    if (managersByAgent.size >= MAX_KNOWN_AGENTS) managersByAgent.clear();
    managersByAgent.set(ua, manager);
  }
  return manager;
}

/** A kind other than the resource's own that a request body may be (an action subresource's). */
export interface PostedKind {
  group: string;
  version: string;
  kind: string;
  schema?: StructuralSchema;
}

/**
 * Reads and decodes an object body for create/update: checks apiVersion and kind against the
 * path (missing ones default to it), and applies fieldValidation to unknown and duplicate fields.
 */
export async function readObjectBody(scope: Scope, fieldValidation: FieldValidation, as?: PostedKind): Promise<{ obj: ApiObject; warnings: string[] }> {
  const own = scope.resource.declaration;
  // An action subresource's body is of its own kind, decoded against that kind's schema.
  const decl = as ? { ...own, group: as.group, version: as.version, kind: as.kind, schema: as.schema, decode: undefined } : own;
  const body = await readBody(scope.req);
  const decoded = decodeBody(scope.req.headers['content-type'], body, decl.kind);
  const value = decoded.value;
  recordRequestObject(scope.req, value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`the object provided is unrecognized (must be of type ${decl.kind}): couldn't get version/kind; json parse error: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type struct`);
  }
  const obj = value as ApiObject;
  const want = apiVersionOf(decl);
  if (obj.apiVersion !== undefined && obj.apiVersion !== '' && obj.apiVersion !== want) {
    throw badRequest(`the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${want})`);
  }
  if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== decl.kind) {
    throw badRequest(`the object provided is unrecognized (must be of type ${decl.kind}): kind ${JSON.stringify(obj.kind)} does not match the path`);
  }
  obj.apiVersion = want;
  obj.kind = decl.kind;
  if (typeof obj.metadata !== 'object' || obj.metadata === null || Array.isArray(obj.metadata)) obj.metadata = {};
  return decodeObject(decl, obj, fieldValidation, decoded.duplicates);
}

/** The namespace a request addresses ("" for all namespaces or cluster-scoped resources). */
export function requestNamespace(scope: Scope): string {
  return scope.resource.declaration.namespaced ? scope.info.namespace : '';
}

/** The kind to offer protobuf for, when the codecs have messages for this declaration. */
export function protobufKind(scope: Scope): string | undefined {
  const decl = scope.resource.declaration;
  return decl.protobuf ? decl.kind : undefined;
}
