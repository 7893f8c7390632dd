// Parses a request's path and method into RequestInfo exactly as Kubernetes' RequestInfoFactory
// does, so authorization, metrics and the in-flight limit all see the same verb and resource.
import type { RequestInfo } from '../../component-base/serving/request-context.ts';
import { pathSegmentNameErrors } from '../../machinery/validation/names.ts';

const API_PREFIXES = new Set(['api', 'apis']);
const GROUPLESS_PREFIXES = new Set(['api']);
const SPECIAL_VERBS = new Set(['proxy', 'watch']);
const SPECIAL_VERBS_NO_SUBRESOURCES = new Set(['proxy']);
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  GET: 'get',
  HEAD: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Go's strconv.ParseBool, which decides ?watch= (anything unparseable but present counts as true). */
function parseWatchParam(value: string): boolean {
  return !['false', '0', 'f', 'F', 'FALSE', 'False'].includes(value);
}

/** `metadata.name=x` or `metadata.name==x` as one term of a field selector. */
function exactNameFromFieldSelector(selector: string): string | undefined {
  for (const term of selector.split(',')) {
    const m = /^\s*metadata\.name\s*==?\s*(.*?)\s*$/.exec(term);
    if (m && !term.includes('!=')) return m[1];
  }
  return undefined;
}

function isValidPathSegmentName(name: string): boolean {
  return name !== '' && pathSegmentNameErrors(name).length === 0;
}

export class RequestInfoError extends Error {}

/** Path is the decoded URL path; query the URL's search parameters. */
export function parseRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const info: RequestInfo = {
    isResourceRequest: false,
    path,
    verb: method.toLowerCase(),
    apiPrefix: '',
    apiGroup: '',
    apiVersion: '',
    namespace: '',
    resource: '',
    subresource: '',
    name: '',
    parts: [],
  };
  let parts = splitPath(path);
  if (parts.length < 3 || !API_PREFIXES.has(parts[0]!)) return info;
  const prefix = parts[0]!;
  parts = parts.slice(1);
  if (!GROUPLESS_PREFIXES.has(prefix)) {
    if (parts.length < 3) return info;
    info.apiGroup = parts[0]!;
    parts = parts.slice(1);
  }
  info.apiPrefix = prefix;
  info.isResourceRequest = true;
  info.apiVersion = parts[0]!;
  parts = parts.slice(1);

  if (SPECIAL_VERBS.has(parts[0]!)) {
    if (parts.length < 2) throw new RequestInfoError(`unable to determine kind and namespace from url, ${path}`);
    info.verb = parts[0]!;
    parts = parts.slice(1);
  } else {
    info.verb = METHOD_VERBS[method.toUpperCase()] ?? '';
  }

  if (parts[0] === 'namespaces') {
    if (parts.length > 1) {
      info.namespace = parts[1]!;
      // namespaces/{name}/status and /finalize are subresources of the namespace itself.
      if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]!)) {
        parts = parts.slice(2);
        info.underNamespace = true;
      }
    }
  }
  info.parts = parts;
  if (parts.length >= 3 && !SPECIAL_VERBS_NO_SUBRESOURCES.has(info.verb)) info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  if (parts.length >= 1) info.resource = parts[0]!;

  if (info.name === '' && info.verb === 'get') {
    const watch = query.get('watch');
    info.verb = watch !== null && parseWatchParam(watch) ? 'watch' : 'list';
    const fieldSelector = query.get('fieldSelector');
    if (fieldSelector) {
      const name = exactNameFromFieldSelector(fieldSelector);
      if (name !== undefined && isValidPathSegmentName(name)) info.name = name;
    }
  }
  if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  return info;
}

const LONG_RUNNING_VERBS = new Set(['watch', 'proxy']);
const LONG_RUNNING_SUBRESOURCES = new Set(['attach', 'exec', 'proxy', 'log', 'portforward']);

/** As Kubernetes' BasicLongRunningRequestCheck: watches, proxies and streaming subresources. */
export function isLongRunning(info: RequestInfo): boolean {
  if (!info.isResourceRequest) return false;
  return LONG_RUNNING_VERBS.has(info.verb) || LONG_RUNNING_SUBRESOURCES.has(info.subresource);
}

const NON_MUTATING_VERBS = new Set(['get', 'list', 'watch']);

/** As the max-in-flight filter decides it: everything but get, list and watch mutates. */
export function isMutating(info: RequestInfo): boolean {
  return !NON_MUTATING_VERBS.has(info.verb);
}
