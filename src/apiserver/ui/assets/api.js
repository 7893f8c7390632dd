// Requests to the API server with the user's credentials. The token lives in this tab's session
// storage (copied to tabs opened from it); without one, requests go out bare and the browser may
// present a client certificate. Every answer is RBAC's: the page never sees more than its user.

const TOKEN_KEY = 'orch.token';

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.reason = body?.reason || '';
  }
}

export function token() {
  return sessionStorage.getItem(TOKEN_KEY) || '';
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Headers of every API request: the bearer token when there is one. */
export function authHeaders(extra = {}) {
  const t = token();
  return t ? { ...extra, Authorization: `Bearer ${t}` } : extra;
}

/** One API request; resolves to parsed JSON (or text for non-JSON answers), rejects with ApiError. */
export async function request(path, { method = 'GET', body, accept = 'application/json', signal } = {}) {
  const headers = authHeaders({ Accept: accept });
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, cache: 'no-store' });
  const text = await res.text();
  const json = (res.headers.get('content-type') || '').includes('json') && text ? JSON.parse(text) : undefined;
  // A Status asked for as YAML comes back as YAML: its message line is enough.
  if (!res.ok) throw new ApiError(res.status, json ?? { message: /^message: '?(.*?)'?$/m.exec(text)?.[1] });
  return json ?? text;
}

/** Items of a collection, or null when RBAC does not allow listing it. */
export async function listOrNull(path, options) {
  try {
    return (await request(path, options)).items;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

/** Who the server says the user is (SelfSubjectReview). */
export async function whoAmI() {
  const review = await request('/apis/authentication.orch.io/v1/selfsubjectreviews', {
    method: 'POST',
    body: { apiVersion: 'authentication.orch.io/v1', kind: 'SelfSubjectReview' },
  });
  return review.status?.userInfo ?? { username: '', groups: [] };
}

/** A service account's namespace from its user name (system:serviceaccount:<ns>:<name>). */
export function serviceAccountNamespace(username) {
  const m = /^system:serviceaccount:([^:]+):/.exec(username || '');
  return m ? m[1] : '';
}

const DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList, application/json';
// group/kind -> { group, version, resource, namespaced }, from aggregated discovery.
const kinds = new Map();

/** Loads the served kinds once, so an object's path can be built from its kind. */
export async function loadDiscovery() {
  const answers = await Promise.allSettled([request('/api', { accept: DISCOVERY }), request('/apis', { accept: DISCOVERY })]);
  for (const answer of answers) {
    if (answer.status !== 'fulfilled' || !Array.isArray(answer.value?.items)) continue;
    for (const group of answer.value.items) {
      const name = group.metadata?.name ?? '';
      // Versions come in preference order; the first that serves a kind wins.
      for (const version of group.versions ?? []) {
        for (const r of version.resources ?? []) {
          const key = `${name}/${r.responseKind?.kind}`;
          if (!r.responseKind?.kind || kinds.has(key)) continue;
          kinds.set(key, { group: name, version: version.version, resource: r.resource, namespaced: r.scope === 'Namespaced' });
        }
      }
    }
  }
}

/** The API path of an object reference ({ apiVersion, kind, namespace, name }). */
export function objectPath(ref) {
  const [group, version] = (ref.apiVersion || 'v1').includes('/') ? ref.apiVersion.split('/') : ['', ref.apiVersion || 'v1'];
  const known = kinds.get(`${group}/${ref.kind}`);
  const resource = known?.resource ?? `${String(ref.kind).toLowerCase()}s`;
  const namespaced = known ? known.namespaced : Boolean(ref.namespace);
  const base = group ? `/apis/${group}/${version}` : `/api/${version}`;
  const ns = namespaced && ref.namespace ? `/namespaces/${encodeURIComponent(ref.namespace)}` : '';
  return `${base}${ns}/${resource}/${encodeURIComponent(ref.name)}`;
}
