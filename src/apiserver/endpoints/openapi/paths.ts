// OpenAPI path items derived from the declarations (v2 and v3 differ only in how a body and a
// response reference their schema).
import type { ResourceDeclaration, Verb } from '../../registry/resource.ts';

type Decl = ResourceDeclaration<any, any>;
export type OpenApiVersion = 2 | 3;

const STATUS_DEF = 'io.orch.apimachinery.pkg.apis.meta.v1.Status';
const PATCH_DEF = 'io.orch.apimachinery.pkg.apis.meta.v1.Patch';
const DELETE_OPTIONS_DEF = 'io.orch.apimachinery.pkg.apis.meta.v1.DeleteOptions';
const TOKEN_REQUEST_DEF = 'io.orch.api.authentication.v1.TokenRequest';

export function listDefinitionName(decl: Decl): string {
  const def = decl.openapiDefinition ?? '';
  return def.slice(0, def.length - decl.kind.length) + decl.listKind;
}

function ref(version: OpenApiVersion, name: string): Record<string, string> {
  return { $ref: version === 2 ? `#/definitions/${name}` : `#/components/schemas/${name}` };
}

function q(name: string, type: 'string' | 'integer' | 'boolean', description: string): Record<string, unknown> {
  return { name, in: 'query', description, type, uniqueItems: true };
}

const PARAMS = {
  pretty: q('pretty', 'string', "If 'true', then the output is pretty printed."),
  dryRun: q('dryRun', 'string', 'When present, indicates that modifications should not be persisted. Valid value: All.'),
  fieldManager: q('fieldManager', 'string', 'A name associated with the actor or entity that is making these changes.'),
  fieldValidation: q('fieldValidation', 'string', 'How the server treats unknown or duplicate fields: Ignore, Warn (default) or Strict.'),
  force: q('force', 'boolean', 'Force is going to "force" Apply requests. It must be unset for non-apply patch requests.'),
  continue: q('continue', 'string', 'The continue option should be set when retrieving more results from the server.'),
  limit: q('limit', 'integer', 'Maximum number of responses to return for a list call.'),
  labelSelector: q('labelSelector', 'string', 'A selector to restrict the list of returned objects by their labels.'),
  fieldSelector: q('fieldSelector', 'string', 'A selector to restrict the list of returned objects by their fields.'),
  resourceVersion: q('resourceVersion', 'string', 'resourceVersion sets a constraint on what resource versions a request may be served from.'),
  resourceVersionMatch: q('resourceVersionMatch', 'string', 'resourceVersionMatch determines how resourceVersion is applied to list calls.'),
  watch: q('watch', 'boolean', 'Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.'),
  allowWatchBookmarks: q('allowWatchBookmarks', 'boolean', 'allowWatchBookmarks requests watch events with type "BOOKMARK".'),
  sendInitialEvents: q('sendInitialEvents', 'boolean', 'With watch=true, begin the stream with synthetic events for the current state.'),
  timeoutSeconds: q('timeoutSeconds', 'integer', 'Timeout for the list/watch call.'),
  gracePeriodSeconds: q('gracePeriodSeconds', 'integer', 'The duration in seconds before the object should be deleted.'),
  propagationPolicy: q('propagationPolicy', 'string', 'Whether and how garbage collection will be performed.'),
};

const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

const LIST_PARAMS = [PARAMS.allowWatchBookmarks, PARAMS.continue, PARAMS.fieldSelector, PARAMS.labelSelector, PARAMS.limit, PARAMS.resourceVersion, PARAMS.resourceVersionMatch, PARAMS.sendInitialEvents, PARAMS.timeoutSeconds, PARAMS.watch];

function pathParam(name: string, description: string): Record<string, unknown> {
  return { name, in: 'path', required: true, description, type: 'string', uniqueItems: true };
}

/** Adapts a v2-style parameter to v3 (schema instead of type). */
function param(version: OpenApiVersion, p: Record<string, unknown>): Record<string, unknown> {
  if (version === 2) return p;
  const { type, uniqueItems, ...rest } = p;
  void uniqueItems;
  return { ...rest, schema: { type, uniqueItems: true } };
}

function camel(s: string): string {
  return s
    .split(/[.\-]/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : ''))
    .join('');
}

function groupTag(decl: Decl): string {
  const g = decl.group ? camel(decl.group.split('.')[0]!) : 'Core';
  return `${g}${camel(decl.version)}`;
}

interface OperationSpec {
  verb: Verb;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  action: string;
  opPrefix: string;
  namespaced: boolean;
  params: Record<string, unknown>[];
  body?: string;
  bodyTypes?: string[];
  response: string;
  codes: number[];
  /** The kind of the body and response when it is not the declaration's (a subresource's TokenRequest). */
  gvk?: { group: string; version: string; kind: string };
  /** The subresource, which names the operation (readCoreV1NamespaceStatus). */
  subresource?: string;
}

function operation(version: OpenApiVersion, decl: Decl, spec: OperationSpec): Record<string, unknown> {
  const tag = groupTag(decl);
  const gvk = spec.gvk ?? { group: decl.group, version: decl.version, kind: decl.kind };
  const responses: Record<string, unknown> = {};
  const produces = ['application/json', 'application/yaml', 'application/vnd.orch.protobuf'];
  if (spec.verb === 'list' || spec.verb === 'watch') produces.push('application/json;stream=watch');
  for (const code of spec.codes) {
    responses[String(code)] =
      version === 2
        ? { description: code === 201 ? 'Created' : code === 202 ? 'Accepted' : 'OK', schema: ref(2, spec.response) }
        : { description: code === 201 ? 'Created' : code === 202 ? 'Accepted' : 'OK', content: Object.fromEntries(produces.map((p) => [p, { schema: ref(3, spec.response) }])) };
  }
  responses['401'] = { description: 'Unauthorized' };
  const op: Record<string, unknown> = {
    description: `${spec.action} ${decl.kind}`,
    operationId: `${spec.opPrefix}${tag}${spec.namespaced ? 'Namespaced' : ''}${decl.kind}${spec.subresource ? camel(spec.subresource) : ''}${spec.verb === 'list' && !spec.namespaced && decl.namespaced ? 'ForAllNamespaces' : ''}`,
    tags: [`${decl.group ? decl.group.split('.')[0] : 'core'}_${decl.version}`],
    parameters: spec.params.map((p) => param(version, p)),
    responses,
    'x-kubernetes-action': spec.action,
    'x-kubernetes-group-version-kind': gvk,
  };
  if (version === 2) {
    op['consumes'] = spec.bodyTypes ?? ['*/*'];
    op['produces'] = produces;
    op['schemes'] = ['https'];
    if (spec.body) (op['parameters'] as unknown[]).unshift({ name: 'body', in: 'body', required: spec.method !== 'delete', schema: ref(2, spec.body) });
  } else if (spec.body) {
    op['requestBody'] = { content: Object.fromEntries((spec.bodyTypes ?? ['*/*']).map((t) => [t, { schema: ref(3, spec.body!) }])), required: spec.method !== 'delete' };
  }
  return op;
}

/** The definition of a kind named by group, version and kind (io.orch.api.policy.v1.Eviction). */
function definitionOfKind(k: { group: string; version: string; kind: string }): string {
  return `io.orch.api.${k.group ? k.group.split('.')[0] : 'core'}.${k.version}.${k.kind}`;
}

/** Path items of every declaration, keyed by path. */
export function openapiPaths(version: OpenApiVersion, decls: readonly Decl[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const decl of decls) {
    if (!decl.openapiDefinition) continue;
    const root = decl.group ? `/apis/${decl.group}/${decl.version}` : `/api/${decl.version}`;
    const def = decl.openapiDefinition;
    const listDef = listDefinitionName(decl);
    const has = (v: Verb) => decl.verbs.includes(v);
    const ns = decl.namespaced ? '/namespaces/{namespace}' : '';
    const nsParam = decl.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : [];
    const nameParam = pathParam('name', `name of the ${decl.kind}`);
    const writeParams = [PARAMS.dryRun, PARAMS.fieldManager, PARAMS.fieldValidation];
    const collection: Record<string, unknown> = { parameters: [...nsParam, PARAMS.pretty].map((p) => param(version, p)) };
    if (has('list')) collection['get'] = operation(version, decl, { verb: 'list', method: 'get', action: 'list', opPrefix: 'list', namespaced: decl.namespaced, params: LIST_PARAMS, response: listDef, codes: [200] });
    if (has('create')) collection['post'] = operation(version, decl, { verb: 'create', method: 'post', action: 'post', opPrefix: 'create', namespaced: decl.namespaced, params: writeParams, body: def, response: def, codes: [200, 201, 202] });
    if (has('deletecollection')) collection['delete'] = operation(version, decl, { verb: 'deletecollection', method: 'delete', action: 'deletecollection', opPrefix: 'deleteCollection', namespaced: decl.namespaced, params: [...LIST_PARAMS.filter((p) => p !== PARAMS.watch && p !== PARAMS.allowWatchBookmarks), PARAMS.dryRun, PARAMS.gracePeriodSeconds, PARAMS.propagationPolicy], body: DELETE_OPTIONS_DEF, response: STATUS_DEF, codes: [200] });
    paths[`${root}${ns}/${decl.plural}`] = collection;
    const item: Record<string, unknown> = { parameters: [nameParam, ...nsParam, PARAMS.pretty].map((p) => param(version, p)) };
    if (has('get')) item['get'] = operation(version, decl, { verb: 'get', method: 'get', action: 'get', opPrefix: 'read', namespaced: decl.namespaced, params: [], response: def, codes: [200] });
    if (has('update')) item['put'] = operation(version, decl, { verb: 'update', method: 'put', action: 'put', opPrefix: 'replace', namespaced: decl.namespaced, params: writeParams, body: def, response: def, codes: [200, 201] });
    if (has('patch')) item['patch'] = operation(version, decl, { verb: 'patch', method: 'patch', action: 'patch', opPrefix: 'patch', namespaced: decl.namespaced, params: [...writeParams, PARAMS.force], body: PATCH_DEF, bodyTypes: PATCH_TYPES, response: def, codes: [200, 201] });
    if (has('delete')) item['delete'] = operation(version, decl, { verb: 'delete', method: 'delete', action: 'delete', opPrefix: 'delete', namespaced: decl.namespaced, params: [PARAMS.dryRun, PARAMS.gracePeriodSeconds, PARAMS.propagationPolicy], body: DELETE_OPTIONS_DEF, response: STATUS_DEF, codes: [200, 202] });
    paths[`${root}${ns}/${decl.plural}/{name}`] = item;
    for (const [sub, spec] of Object.entries(decl.subresources ?? {})) {
      const can = (v: Verb) => spec.verbs.includes(v);
      // An action or view subresource is written as its own kind (a Binding, a Scale).
      const other = spec.action ?? spec.view;
      const subDef = other ? definitionOfKind(other) : def;
      const gvk = other ? { group: other.group, version: other.version, kind: other.kind } : undefined;
      const common = { namespaced: decl.namespaced, response: subDef, subresource: sub, ...(gvk ? { gvk } : {}) };
      if (spec.connect) continue;
      if (spec.action) {
        paths[`${root}${ns}/${decl.plural}/{name}/${sub}`] = {
          parameters: [pathParam('name', `name of the ${other!.kind}`), ...nsParam, PARAMS.pretty].map((p) => param(version, p)),
          post: operation(version, decl, { ...common, verb: 'create', method: 'post', action: 'post', opPrefix: 'create', params: writeParams, body: subDef, codes: [200, 201, 202] }),
        };
        continue;
      }
      const subItem: Record<string, unknown> = { parameters: [pathParam('name', `name of the ${decl.kind}`), ...nsParam, PARAMS.pretty].map((p) => param(version, p)) };
      if (can('get')) subItem['get'] = operation(version, decl, { ...common, verb: 'get', method: 'get', action: 'get', opPrefix: 'read', params: [], codes: [200] });
      if (can('update')) subItem['put'] = operation(version, decl, { ...common, verb: 'update', method: 'put', action: 'put', opPrefix: 'replace', params: writeParams, body: subDef, codes: [200, 201] });
      if (can('patch')) subItem['patch'] = operation(version, decl, { ...common, verb: 'patch', method: 'patch', action: 'patch', opPrefix: 'patch', params: [...writeParams, PARAMS.force], body: PATCH_DEF, bodyTypes: PATCH_TYPES, codes: [200, 201] });
      paths[`${root}${ns}/${decl.plural}/{name}/${sub}`] = subItem;
    }
    // The token subresource is served beside the declaration (by the token issuer), not through it.
    if (!decl.group && decl.plural === 'serviceaccounts' && has('get')) {
      paths[`${root}${ns}/${decl.plural}/{name}/token`] = {
        parameters: [pathParam('name', 'name of the TokenRequest'), ...nsParam, PARAMS.pretty].map((p) => param(version, p)),
        post: operation(version, decl, { verb: 'create', method: 'post', action: 'post', opPrefix: 'create', namespaced: true, subresource: 'token', params: writeParams, body: TOKEN_REQUEST_DEF, response: TOKEN_REQUEST_DEF, codes: [200, 201, 202], gvk: { group: 'authentication.orch.io', version: 'v1', kind: 'TokenRequest' } }),
      };
    }
    if (decl.namespaced && has('list')) {
      paths[`${root}/${decl.plural}`] = {
        parameters: [PARAMS.pretty].map((p) => param(version, p)),
        get: operation(version, decl, { verb: 'list', method: 'get', action: 'list', opPrefix: 'list', namespaced: false, params: LIST_PARAMS, response: listDef, codes: [200] }),
      };
    }
  }
  return paths;
}
