// A seeded, bounded fuzz of the whole API surface with hostile input: every path discovery serves
// (and many it does not), every verb, crafted and garbage query parameters, malformed, truncated,
// deeply nested, oversized and wrongly typed bodies, YAML bombs, bad patches of every type, odd
// Accept and Content-Type headers, and requests without valid credentials. The server must never
// answer 5xx, must answer every 4xx with a Status, must stay ready, must never serve a
// request without valid credentials beyond the public health and version paths, and must keep
// what nobody addressed. It runs against bin/orch-apiserver as `orch up` starts it, so every group
// the daemon serves is fuzzed. ORCH_FUZZ_SEED and ORCH_FUZZ_REQUESTS replay or widen a run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request as httpsRequest } from 'node:https';
import { writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { startOrchApiserver, type OrchDaemon } from '../support/orch-daemon.ts';
import { decodeProtobuf } from '../../src/machinery/codecs/protobuf.ts';

const SEED = Number(process.env.ORCH_FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.ORCH_FUZZ_REQUESTS ?? 3000);
const WORKERS = 4;

let daemon: OrchDaemon;
let agent: Agent;

before(async () => {
  daemon = await startOrchApiserver();
  agent = new Agent({ keepAlive: true, maxSockets: WORKERS, ca: daemon.target.ca });
});
after(async () => {
  agent.destroy();
  await daemon.stop();
});

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

interface Served {
  prefix: string;
  apiVersion: string;
  name: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
}

interface Reply {
  status: number;
  contentType: string;
  body: Buffer;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  credentials: 'admin' | 'none' | 'bad';
  /** The kind an answer about the one object the path names must be (absent for other paths). */
  itemKind?: string;
}

function send(r: FuzzRequest, fresh = false): Promise<Reply> {
  const { hostname, port } = new URL(daemon.target.url);
  const headers: Record<string, string> = { ...r.headers };
  if (r.credentials === 'admin') headers.authorization = `Bearer ${daemon.target.token}`;
  if (r.credentials === 'bad') headers.authorization = 'Bearer not-a-token';
  // Node's client sends a DELETE, OPTIONS or TRACE body without framing it: the length says where it ends.
  if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
  return new Promise((resolve, reject) => {
    const options = fresh ? { agent: false as const, ca: daemon.target.ca } : { agent };
    const req = httpsRequest({ hostname, port, path: r.path, method: r.method, headers, ...options }, (res) => {
      const chunks: Buffer[] = [];
      // Watches stream: what matters is how they start.
      const cut = setTimeout(() => res.destroy(), 400);
      const done = () => {
        clearTimeout(cut);
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
      };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end(r.body);
  });
}

/**
 * Sends on a kept-alive connection; a request that meets a connection the server has just closed
 * (after refusing an earlier request outright, as it may) is sent once more on a new one.
 */
async function sendOnce(r: FuzzRequest): Promise<Reply> {
  try {
    return await send(r);
  } catch {
    try {
      return await send(r, true);
    } catch (err) {
      // A method Node's HTTP/1.1 parser does not know is refused (400) before the body is read,
      // and the connection closes: a client still writing a large body may see the reset before
      // the answer. The answer itself is checked without the body.
      if (STANDARD_METHODS.has(r.method) || r.body === undefined) throw err;
      return send({ ...r, body: undefined }, true);
    }
  }
}

const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']);

/** A JSON request as the admin. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const reply = await send({ method, path, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'admin' });
  const json = reply.contentType.startsWith('application/json');
  return { status: reply.status, body: json ? JSON.parse(reply.body.toString('utf8')) : reply.body.toString('utf8') };
}

/** Every resource discovery lists, subresources included. */
async function discover(): Promise<Served[]> {
  const out: Served[] = [];
  const groupVersions: { prefix: string; apiVersion: string }[] = [{ prefix: '/api/v1', apiVersion: 'v1' }];
  const apis = await call('GET', '/apis');
  for (const g of apis.body.groups) for (const v of g.versions) groupVersions.push({ prefix: `/apis/${v.groupVersion}`, apiVersion: v.groupVersion });
  for (const gv of groupVersions) {
    const list = await call('GET', gv.prefix);
    assert.equal(list.status, 200, gv.prefix);
    for (const r of list.body.resources) out.push({ ...gv, name: r.name, kind: r.kind, namespaced: r.namespaced, verbs: r.verbs ?? [] });
  }
  return out;
}

const NAMESPACES = ['default', 'fuzz', 'orch-system', 'orch-public', 'missing', '', '.', '..', '%2e%2e', 'a%2Fb', 'UPPER', 'x'.repeat(300), '%C3%BCn%C3%AF', '%00'];
const NAMES = ['fuzz-a', 'fuzz-b', 'default', 'admin', '', '.', '..', '%2e', 'a%2F..', '%25', 'x'.repeat(400), '-', 'a%20b', '%0a', '%C3%BCn%C3%AF', 'system:masters', '__proto__', 'constructor'];
const ODD_PATHS = [
  '/', '//', '/api', '/api/', '/api/v2', '/api/v1/', '/apis', '/apis/', '/apis/nope', '/apis/nope/v1', '/apis/nope/v1/things', '/api/v1/watch', '/api/v1/watch/',
  '/api/v1/watch/namespaces', '/api/v1/proxy/x', '/api/v1/namespaces/default/proxy', '/openapi/v2', '/openapi/v3', '/openapi/v3/apis/nope/v1', '/openapi/v3/api/v1?hash=bad',
  '/healthz', '/healthz/nope', '/livez?verbose', '/readyz?exclude=x&verbose=garbage', '/version', '/version/x', '/metrics', '/metrics/x', '/logs/', '/logs/../../etc/passwd',
  '/debug/pprof/', '/debug/pprof/x', '/api/v1/namespaces/default/configmaps/x/y/z/w', '/apis/events.orch.io', '/apis/events.orch.io/v9/events', '/%', '/%zz', '/a\\b',
  '/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1', '/apis/apidiscovery.k8s.io/v2', '/api/v1/componentstatuses', '/ui/', '/.well-known/openid-configuration',
  '/openid/v1/jwks', '/api/v1/namespaces/default/serviceaccounts/default/token',
];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'PATCH', 'PATCH', 'DELETE', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'FOO'];
const CONTENT_TYPES = [
  'application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/merge-patch+json', 'application/strategic-merge-patch+json',
  'application/json-patch+json', 'application/apply-patch+yaml', 'application/apply-patch+cbor', 'text/plain', ';', '', '/', 'application/json; charset=utf-16',
  'application/json;;;', 'application/*', '*/*', 'application/cbor', 'application/vnd.orch.protobuf;stream=watch', 'x'.repeat(300),
];
const ACCEPTS = [
  'application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', '*/*', 'text/html', 'garbage', ';', '',
  'application/json;as=Table;v=v1;g=meta.k8s.io', 'application/json;as=Table;v=v9;g=meta.k8s.io', 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io',
  'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io', 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io', 'application/json;stream=watch',
  'application/json;as=APIGroupDiscoveryList;v=v2;g=apidiscovery.k8s.io', 'application/json;q=abc', 'application/json;as=Nope;v=v1;g=meta.k8s.io',
];

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function queryValue(g: Random, param: string): string {
  switch (param) {
    case 'continue':
      return g.pick([
        'garbage', '', '%%%', base64url('{"v":"meta.k8s.io/v1","rv":1,"start":"../../secrets/"}'), base64url('{"v":"meta.k8s.io/v1","rv":1,"start":"/"}'),
        base64url('{"v":"meta.k8s.io/v1","rv":-1,"start":"a"}'), base64url('{"v":"meta.k8s.io/v1","rv":1e300,"start":"a"}'), base64url('{"v":"meta.k8s.io/v1","rv":1,"start":"a\\u0000b"}'),
        base64url('{"v":"nope","rv":1,"start":"a"}'), base64url('[]'), base64url('null'), base64url('{"v":"meta.k8s.io/v1","rv":"1","start":5}'),
        base64url(`{"v":"meta.k8s.io/v1","rv":${g.int(100000)},"start":"fuzz-a\\u0000"}`), base64url('{"v":"meta.k8s.io/v1","rv":1,"start":"//x"}'),
      ]);
    case 'limit':
    case 'timeoutSeconds':
    case 'gracePeriodSeconds':
      return g.pick(['-1', '0', '1', '5', 'abc', '1e3', ' 5', '18446744073709551616', '9'.repeat(40), '1.5', '0x10', '', '+3', '-0']);
    case 'resourceVersion':
      return g.pick(['', '0', '1', '-1', 'abc', '18446744073709551616', '1.5', '9'.repeat(30), String(g.int(1000)), ' 1', '0x1']);
    case 'resourceVersionMatch':
      return g.pick(['NotOlderThan', 'Exact', 'garbage', '', 'notolderthan']);
    case 'labelSelector':
      return g.pick(['a=b', 'a in (b,c)', 'a in (', '!!', 'a=b,,', 'x'.repeat(1000), 'a notin (b,c)', '(', 'a>1', 'a>abc', '!a', 'a==b==c', '__proto__', 'constructor=x', 'a=b=c', '%', 'a in ()']);
    case 'fieldSelector':
      return g.pick(['metadata.name=x', 'spec.foo=bar', 'metadata.name!=', '=', 'a==b==c', 'metadata.namespace=..', 'metadata.name=fuzz-a', 'involvedObject.name=x', 'type=Warning', ',', 'metadata.name in (a)']);
    case 'fieldManager':
      return g.pick(['fuzz', 'x'.repeat(200), 'a\u0001b', '', 'kubectl', 'ü']);
    case 'dryRun':
      return g.pick(['All', 'bogus', '', 'all']);
    case 'propagationPolicy':
      return g.pick(['Foreground', 'Orphan', 'Background', 'bogus', '']);
    case 'watch':
    case 'allowWatchBookmarks':
    case 'sendInitialEvents':
    case 'pretty':
    case 'force':
    case 'orphanDependents':
      return g.pick(['true', '1', 'false', 'bogus', '', 'TRUE']);
    case 'fieldValidation':
      return g.pick(['Strict', 'Warn', 'Ignore', 'bogus', '', 'strict']);
    default:
      return g.pick(['x', '', '%00', 'a'.repeat(500)]);
  }
}

const PARAMS = ['continue', 'limit', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'labelSelector', 'fieldSelector', 'fieldManager', 'dryRun', 'propagationPolicy', 'watch', 'allowWatchBookmarks', 'sendInitialEvents', 'pretty', 'force', 'fieldValidation', 'gracePeriodSeconds', 'orphanDependents', 'nope'];

function query(g: Random): string {
  if (g.chance(0.3)) return '';
  const parts: string[] = [];
  const n = 1 + g.int(4);
  for (let i = 0; i < n; i++) {
    const p = g.pick(PARAMS);
    const v = queryValue(g, p);
    // Now and then unescaped, but for what an HTTP client cannot send (spaces, non-ASCII).
    parts.push(g.chance(0.05) ? `${p}=${v.replace(/[^\x21-\x7e]/g, encodeURIComponent)}` : `${p}=${encodeURIComponent(v)}`);
  }
  return `?${parts.join('&')}`;
}

/** A JSON value of a random type, sometimes nested, sometimes with keys that name JavaScript members. */
function randomValue(g: Random, depth = 0): unknown {
  switch (g.int(depth > 2 ? 6 : 9)) {
    case 0:
      return g.pick(['', 'x', 'a\u0000b', '\u202e', 'x'.repeat(2000), '2026-13-45T99:99:99Z', '1Gi', '-1', 'true', 'null', '\ud800']);
    case 1:
      return g.pick([0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, 2 ** 64, 4294967296]);
    case 2:
      return g.chance(0.5);
    case 3:
      return null;
    case 4:
      return [];
    case 5:
      return {};
    case 6:
      return Array.from({ length: 1 + g.int(3) }, () => randomValue(g, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < 1 + g.int(3); i++) {
        Object.defineProperty(out, g.pick(['a', 'name', 'key', '__proto__', 'constructor', 'prototype', 'uid', 'kind', '$patch', 'x-y']), { value: randomValue(g, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}

const FIELDS = [
  'metadata', 'metadata.name', 'metadata.generateName', 'metadata.namespace', 'metadata.labels', 'metadata.labels.a', 'metadata.annotations', 'metadata.annotations.a',
  'metadata.finalizers', 'metadata.ownerReferences', 'metadata.uid', 'metadata.resourceVersion', 'metadata.creationTimestamp', 'metadata.deletionTimestamp',
  'metadata.managedFields', 'metadata.deletionGracePeriodSeconds', 'metadata.generation', 'spec', 'status', 'data', 'binaryData', 'stringData', 'type', 'immutable',
  'rules', 'subjects', 'roleRef', 'aggregationRule', 'webhooks', 'secrets', 'imagePullSecrets', 'note', 'regarding', 'series', 'eventTime', 'involvedObject', 'count',
  'spec.holderIdentity', 'spec.leaseDurationSeconds', 'spec.renewTime', 'spec.finalizers', 'spec.rules', 'spec.matchConstraints', 'spec.validations', 'spec.paramKind',
  'spec.priorityLevelConfiguration', 'spec.type', 'spec.limited', 'spec.resourceAttributes', 'spec.user', 'spec.token', 'spec.audiences', 'spec.expirationSeconds',
  'apiVersion', 'kind', '__proto__', 'constructor.prototype',
];

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = obj;
  for (const k of keys.slice(0, -1)) {
    const next = Object.hasOwn(at, k) ? at[k] : undefined;
    if (!next || typeof next !== 'object' || Array.isArray(next)) Object.defineProperty(at, k, { value: {}, enumerable: true, writable: true, configurable: true });
    at = at[k] as Record<string, unknown>;
  }
  Object.defineProperty(at, keys[keys.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

function objectBody(g: Random, r: Served | undefined): Record<string, unknown> {
  const obj: Record<string, unknown> = {
    apiVersion: r && !g.chance(0.05) ? r.apiVersion : g.pick(['v1', 'nope/v1', '', 'events.orch.io/v1']),
    kind: r && !g.chance(0.05) ? r.kind : g.pick(['List', 'Status', 'ConfigMap', '']),
    metadata: { name: g.pick(NAMES.slice(0, 4)), namespace: g.chance(0.8) ? 'default' : g.pick(NAMESPACES) },
  };
  const n = g.int(4);
  for (let i = 0; i < n; i++) setPath(obj, g.pick(FIELDS), randomValue(g));
  return obj;
}

function nested(open: string, close: string, depth: number): string {
  return open.repeat(depth) + close.repeat(depth);
}

const YAML_BOMB = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');

function jsonPatchBody(g: Random): unknown[] {
  const ops: unknown[] = [];
  for (let i = 0; i < 1 + g.int(4); i++) {
    ops.push(
      g.pick([
        { op: g.pick(['add', 'replace', 'remove', 'test', 'move', 'copy', 'nope', '']), path: g.pick(['/metadata/labels/a', '/metadata', '', '/', 'x', '/a/b/c/d', '/metadata/finalizers/-', '/metadata/finalizers/99', '/spec/0', '/__proto__/x', '/metadata/name', '/kind']), value: randomValue(g), from: g.pick(['/metadata', '/metadata/labels', 'nope', undefined]) },
        { op: 'copy', from: '/metadata', path: `/metadata/c${i}` },
        { path: '/a' },
        'not an op',
        null,
      ]),
    );
  }
  return ops;
}

function body(g: Random, method: string, contentType: string, r: Served | undefined): string | Buffer | undefined {
  if (method === 'GET' || method === 'HEAD' || (method === 'DELETE' && g.chance(0.7))) return undefined;
  switch (g.int(14)) {
    case 0:
      return JSON.stringify(objectBody(g, r)).slice(0, g.int(60));
    case 1:
      return g.pick(['{', '[', '"', 'nul', '', '{"a":}', '{"a":1,}', '\u0000', '{"a":1}{"b":2}', '\xff\xfe{', 'a: b: c', '- - -', '{"metadata":{"name":"a","name":"b"}}']);
    case 2:
      return nested('[', ']', g.pick([100, 10_001, 100_000]));
    case 3:
      return `{"metadata":${nested('{"a":', '}', g.pick([100, 10_001, 50_000])).replace(/\{"a":\}/, '{"a":1}')}}`;
    case 4:
      return g.pick(['a: &a [*a]', YAML_BOMB, '&a a: *a', '!!binary x', '? [a]\n: b', '%YAML 9.9\n---\na: 1', `a: ${'['.repeat(5000)}`]);
    case 5:
      return JSON.stringify(jsonPatchBody(g));
    case 6:
      return JSON.stringify(g.pick([{ $patch: 'bogus' }, { metadata: { $retainKeys: 'x' } }, { metadata: { '$setElementOrder/finalizers': {} } }, { metadata: { '$deleteFromPrimitiveList/finalizers': 5 } }, { metadata: { ownerReferences: [{ $patch: 'delete' }] } }, { metadata: { finalizers: [[1]] } }, { metadata: { labels: [] } }, [], 'x', 5, null]));
    case 7:
      // Oversized, now and then: every body above 3 MiB is refused.
      return g.chance(0.1) ? Buffer.alloc(3 * 1024 * 1024 + 10, 0x61) : JSON.stringify(objectBody(g, r));
    case 8:
      return Buffer.from([0x6b, 0x38, 0x73, 0x00, ...Array.from({ length: g.int(64) }, () => g.int(256))]);
    case 9:
      return contentType.includes('yaml') ? `apiVersion: ${r?.apiVersion ?? 'v1'}\nkind: ${r?.kind ?? 'X'}\nmetadata:\n  name: fuzz-a\n  labels: [1, 2]\n` : JSON.stringify(objectBody(g, r));
    default:
      return JSON.stringify(objectBody(g, r));
  }
}

function path(g: Random, served: Served[]): { path: string; resource?: Served; item?: boolean } {
  if (g.chance(0.08)) return { path: g.pick(ODD_PATHS) };
  const r = g.pick(served);
  const [plural, sub] = r.name.split('/');
  let p = r.prefix;
  if (g.chance(0.05)) p += '/watch';
  const watchPath = g.chance(0.05);
  if (watchPath) p += '/watch';
  if (r.namespaced && g.chance(0.92)) p += `/namespaces/${g.pick(NAMESPACES)}`;
  p += `/${plural}`;
  // An empty name leaves the collection's path (with a trailing slash): not an item.
  const name = sub || g.chance(0.6) ? g.pick(NAMES) : '';
  const named = name !== '';
  if (sub || named) p += `/${name}`;
  let extra = false;
  if (sub) p += `/${sub}`;
  else if (g.chance(0.08)) (extra = true), (p += `/${g.pick(['status', 'scale', 'nope', 'finalize', 'log', 'exec', 'proxy', 'token', '..', 'constructor', '__proto__', 'toString'])}`);
  if (g.chance(0.03)) p += '/';
  return { path: p, resource: r, item: named && !sub && !extra && !watchPath };
}

function request(g: Random, served: Served[]): FuzzRequest {
  const { path: p, resource, item } = path(g, served);
  const method = g.pick(METHODS);
  const headers: Record<string, string> = {};
  let contentType = g.chance(0.15) ? g.pick(CONTENT_TYPES) : method === 'PATCH' ? g.pick(CONTENT_TYPES.slice(3, 7)) : 'application/json';
  if (contentType !== '' || g.chance(0.5)) headers['content-type'] = contentType;
  else contentType = 'application/json';
  if (g.chance(0.7)) headers.accept = g.pick(ACCEPTS);
  if (g.chance(0.03)) headers['impersonate-user'] = g.pick(['fuzz-user', 'system:admin', '', 'x'.repeat(300)]);
  if (g.chance(0.02)) headers['impersonate-group'] = g.pick(['system:masters', '']);
  const b = body(g, method, contentType, resource);
  const credentials = g.chance(0.08) ? 'none' : g.chance(0.07) ? 'bad' : 'admin';
  const out: FuzzRequest = { method, path: p + query(g), headers, body: b, credentials };
  if (item && resource) out.itemKind = resource.kind;
  return out;
}

/**
 * The one 5xx that is an answer, not a fault: a read at a resourceVersion the server has not
 * reached waits, then answers 504 with the cause ResourceVersionTooLarge, which client-go's
 * reflector recognises and retries (Kubernetes answers so too). A HEAD has no body, so its GET is asked.
 */
async function tooLargeResourceVersion(r: FuzzRequest, reply: Reply): Promise<boolean> {
  if (reply.status !== 504) return false;
  const answer = r.method === 'HEAD' ? await sendOnce({ ...r, method: 'GET' }) : reply;
  return answer.status === 504 && !!statusOf(answer)?.details?.causes?.some((c) => c.reason === 'ResourceVersionTooLarge');
}

const PUBLIC = /^\/(healthz|livez|readyz|version)(\/|\?|$)/;

function describe(r: FuzzRequest, reply: Reply): string {
  const bodyText = r.body === undefined ? '' : ` body=${String(r.body).slice(0, 200)}`;
  return `${r.method} ${r.path.slice(0, 300)} [${r.credentials}] ${JSON.stringify(r.headers).slice(0, 200)}${bodyText} -> ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`;
}

/**
 * What a request naming one object did must be about that object: its answer is that kind (or a
 * Status, or the Table or metadata form the client asked for), never a list or another kind, as
 * when a path's "." or ".." once made a delete of one config map delete the collection or the namespace.
 */
function answersAbout(kind: string, reply: Reply): boolean {
  if (!reply.contentType.startsWith('application/json')) return true;
  let answer: { kind?: string; type?: string };
  try {
    answer = JSON.parse(reply.body.toString('utf8').split('\n', 1)[0]!);
  } catch {
    return true;
  }
  if (answer.kind === undefined) return answer.type !== undefined || Object.keys(answer).length === 0;
  return [kind, 'Status', 'Table', 'PartialObjectMetadata'].includes(answer.kind);
}

/** The error's body as the Status it should be, read in the form the response names; undefined when it is none. */
function statusOf(reply: Reply): { kind?: string; details?: { causes?: { reason?: string }[] } } | undefined {
  try {
    const text = reply.body.toString('utf8');
    const value = reply.contentType.includes('protobuf') ? decodeProtobuf(reply.body) : reply.contentType.includes('yaml') ? parseYaml(text) : JSON.parse(text);
    return (value as { kind?: string })?.kind === 'Status' ? value : undefined;
  } catch {
    return undefined;
  }
}

test(`hostile input over every served path: ${REQUESTS} requests, seed ${SEED}`, async () => {
  const sentinel = { metadata: { name: 'keep' }, data: { a: 'b' } };
  assert.equal((await call('POST', '/api/v1/namespaces', { metadata: { name: 'sentinel' } })).status, 201);
  assert.equal((await call('POST', '/api/v1/namespaces/sentinel/configmaps', sentinel)).status, 201);
  assert.equal((await call('POST', '/api/v1/namespaces', { metadata: { name: 'fuzz' } })).status, 201);
  const served = await discover();
  assert.ok(served.length > 20, `discovery lists ${served.length} resources`);

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  async function worker(id: number): Promise<void> {
    const g = new Random(SEED * 31 + id);
    for (let i = 0; i < REQUESTS / WORKERS; i++) {
      const r = request(g, served);
      let reply: Reply;
      try {
        reply = await sendOnce(r);
      } catch (err) {
        failures.push(`${r.method} ${r.path.slice(0, 200)}: ${(err as Error).message}`);
        continue;
      }
      sent++;
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500 && !(await tooLargeResourceVersion(r, reply))) failures.push(`5xx: ${describe(r, reply)}`);
      else if (reply.status >= 400 && r.method !== 'HEAD' && reply.body.length > 0 && !statusOf(reply)) failures.push(`4xx without a Status: ${describe(r, reply)}`);
      else if (reply.status >= 400 && r.method !== 'HEAD' && reply.body.length === 0) failures.push(`4xx without a body: ${describe(r, reply)}`);
      if (reply.status >= 200 && reply.status < 300 && r.itemKind && !answersAbout(r.itemKind, reply)) failures.push(`answered about something else than the object its path names: ${describe(r, reply)}`);
      if (reply.status >= 200 && reply.status < 300) {
        if (r.credentials === 'bad') failures.push(`served with a bad token: ${describe(r, reply)}`);
        if (r.credentials === 'none' && !PUBLIC.test(r.path)) failures.push(`served without credentials: ${describe(r, reply)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));

 if (process.env.ORCH_FUZZ_LOG) writeFileSync(process.env.ORCH_FUZZ_LOG, failures.join('\n'));
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures in ${sent} requests (statuses ${JSON.stringify([...statuses].sort())})`);
  assert.equal(daemon.child.exitCode, null, `the daemon is still running: ${daemon.stderr()}`);
  assert.equal((await call('GET', '/readyz')).status, 200, 'still ready');
  // A polluted Object.prototype would show in every object made from now on.
  const fresh = await call('POST', '/api/v1/namespaces/sentinel/configmaps', { metadata: { name: 'fresh' } });
  assert.equal(fresh.status, 201);
  assert.deepEqual(Object.keys(fresh.body).sort(), ['apiVersion', 'kind', 'metadata']);
  const kept = await call('GET', '/api/v1/namespaces/sentinel/configmaps/keep');
  assert.equal(kept.status, 200, 'what nobody addressed is kept');
  assert.deepEqual(kept.body.data, sentinel.data);
  assert.equal((await call('GET', '/api/v1/namespaces/sentinel')).body.metadata.deletionTimestamp, undefined);
});
