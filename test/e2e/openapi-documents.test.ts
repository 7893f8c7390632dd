// /openapi/v2 and /openapi/v3 of the daemon as `orch up` starts it, checked against discovery:
// every served kind (and its list) must be in both documents under its group/version/kind, with a
// path for its collection; the groups kubectl calls by their Kubernetes names too. The v2 document
// in gnostic's protobuf form must say what the JSON says, and both forms and the v3 documents
// must be cacheable as Kubernetes makes them (ETag, 304, hash URLs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { parse as parseYaml } from 'yaml';
import { startOrchApiserver, type OrchDaemon } from '../support/orch-daemon.ts';
import { gnosticV2Type } from '../../src/machinery/openapi/gnostic-v2.ts';

const PROTO = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

let daemon: OrchDaemon;

before(async () => {
  daemon = await startOrchApiserver();
});
after(async () => {
  await daemon?.stop();
});

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A GET with the admin token over TLS verified against the cluster CA; redirects are not followed. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { url, token, ca } = daemon.target;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url + path, { ca, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: { get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null },
          json: async () => JSON.parse(body.toString('utf8')),
          arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Gvk {
  group: string;
  version: string;
  kind: string;
}
interface Served extends Gvk {
  plural: string;
  namespaced: boolean;
  listed: boolean;
}

async function servedKinds(): Promise<Served[]> {
  const out: Served[] = [];
  for (const path of ['/api', '/apis']) {
    const list = (await (await get(path, { accept: DISCOVERY })).json()) as { items: { metadata: { name?: string }; versions: { version: string; resources: { resource: string; scope: string; verbs: string[]; responseKind: { kind: string } }[] }[] }[] };
    for (const group of list.items) {
      for (const v of group.versions) {
        for (const r of v.resources) out.push({ group: group.metadata.name ?? '', version: v.version, kind: r.responseKind.kind, plural: r.resource, namespaced: r.scope === 'Namespaced', listed: r.verbs.includes('list') });
      }
    }
  }
  return out;
}

type Defs = Record<string, { 'x-kubernetes-group-version-kind'?: Gvk[]; properties?: Record<string, { type?: string }> }>;

function hasKind(defs: Defs, want: Gvk): boolean {
  return Object.values(defs).some((d) => (d['x-kubernetes-group-version-kind'] ?? []).some((g) => g.group === want.group && g.version === want.version && g.kind === want.kind));
}

const root = (g: { group: string; version: string }) => (g.group ? `/apis/${g.group}/${g.version}` : `/api/${g.version}`);

test('every kind discovery serves, and its list, is in /openapi/v2 and its /openapi/v3 document', async () => {
  const served = await servedKinds();
  assert.ok(served.length >= 20, `discovery lists ${served.length} resources`);
  const v2 = (await (await get('/openapi/v2')).json()) as { paths: Record<string, unknown>; definitions: Defs };
  const index = (await (await get('/openapi/v3')).json()) as { paths: Record<string, { serverRelativeURL: string }> };
  const v3Docs = new Map<string, { paths: Record<string, unknown>; components: { schemas: Defs } }>();
  const missing: string[] = [];
  for (const s of served) {
    const name = `${s.group || 'core'}/${s.version} ${s.kind}`;
    const key = root(s).slice(1);
    if (!index.paths[key]) {
      missing.push(`${name}: no ${key} in the /openapi/v3 index`);
      continue;
    }
    if (!v3Docs.has(key)) v3Docs.set(key, (await (await get(index.paths[key].serverRelativeURL)).json()) as never);
    const v3 = v3Docs.get(key)!;
    const collection = `${root(s)}${s.namespaced ? '/namespaces/{namespace}' : ''}/${s.plural}`;
    for (const kind of s.listed ? [s.kind, `${s.kind}List`] : [s.kind]) {
      if (!hasKind(v2.definitions, { ...s, kind })) missing.push(`${name}: no ${kind} definition in /openapi/v2`);
      if (!hasKind(v3.components.schemas, { ...s, kind })) missing.push(`${name}: no ${kind} schema in /openapi/v3/${key}`);
    }
    if (!v2.paths[collection]) missing.push(`${name}: no path ${collection} in /openapi/v2`);
    if (!v3.paths[collection]) missing.push(`${name}: no path ${collection} in /openapi/v3/${key}`);
  }
  assert.deepEqual(missing, []);
});

test('subresource bodies are published: status, finalize and the service account token', async () => {
  const v2 = (await (await get('/openapi/v2')).json()) as { paths: Record<string, Record<string, { parameters?: { in: string; schema?: { $ref: string } }[]; 'x-kubernetes-group-version-kind'?: Gvk }>> };
  const body = (path: string, method: string) => v2.paths[path]?.[method]?.parameters?.find((p) => p.in === 'body')?.schema?.$ref;
  assert.equal(body('/api/v1/namespaces/{name}/status', 'put'), '#/definitions/io.orch.api.core.v1.Namespace');
  assert.equal(body('/api/v1/namespaces/{name}/finalize', 'put'), '#/definitions/io.orch.api.core.v1.Namespace');
  assert.equal(body('/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/{name}/status', 'put'), '#/definitions/io.orch.api.flowcontrol.v1.FlowSchema');
  assert.equal(body('/api/v1/namespaces/{namespace}/serviceaccounts/{name}/token', 'post'), '#/definitions/io.orch.api.authentication.v1.TokenRequest');
  assert.deepEqual(v2.paths['/api/v1/namespaces/{namespace}/serviceaccounts/{name}/token']!['post']!['x-kubernetes-group-version-kind'], { group: 'authentication.orch.io', version: 'v1', kind: 'TokenRequest' });
});

test('the protobuf form of /openapi/v2 carries the JSON document, extensions as YAML', async () => {
  const json = (await (await get('/openapi/v2')).json()) as { paths: Record<string, unknown>; definitions: Defs };
  const res = await get('/openapi/v2', { accept: PROTO });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
  type NamedSchema = { name: string; value: { type?: { value: string[] }; properties?: { additionalProperties: NamedSchema[] }; vendorExtension?: { name: string; value: { yaml: string } }[] } };
  const doc = gnosticV2Type('Document').toObject(gnosticV2Type('Document').decode(Buffer.from(await res.arrayBuffer())), { defaults: false }) as {
    swagger: string;
    paths: { path: { name: string }[] };
    definitions: { additionalProperties: NamedSchema[] };
  };
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.paths.path.map((p) => p.name), Object.keys(json.paths));
  const defs = doc.definitions.additionalProperties;
  assert.deepEqual(defs.map((d) => d.name), Object.keys(json.definitions));
  for (const d of defs) {
    const want = json.definitions[d.name]!;
    const props = d.value.properties?.additionalProperties ?? [];
    assert.deepEqual(Object.fromEntries(props.map((p) => [p.name, p.value.type?.value[0]])), Object.fromEntries(Object.entries(want.properties ?? {}).map(([k, v]) => [k, v.type])), d.name);
    const gvk = d.value.vendorExtension?.find((e) => e.name === 'x-kubernetes-group-version-kind');
    assert.deepEqual(gvk ? parseYaml(gvk.value.yaml) : undefined, want['x-kubernetes-group-version-kind'], d.name);
  }
});

test('/openapi/v2 in either form has an ETag; If-None-Match answers 304; other media types 406', async () => {
  for (const accept of ['application/json', PROTO, 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf']) {
    const first = await get('/openapi/v2', { accept });
    assert.equal(first.status, 200);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[0-9A-F]{128}"$/);
    assert.equal(first.headers.get('vary'), 'Accept');
    const again = await get('/openapi/v2', { accept, 'if-none-match': etag! });
    assert.equal(again.status, 304, accept);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const changed = await get('/openapi/v2', { accept, 'if-none-match': '"0"' });
    assert.equal(changed.status, 200);
    await changed.arrayBuffer();
  }
  const json = await get('/openapi/v2');
  const proto = await get('/openapi/v2', { accept: PROTO });
  assert.notEqual(json.headers.get('etag'), proto.headers.get('etag'), 'each form has its own ETag');
  await Promise.all([json.arrayBuffer(), proto.arrayBuffer()]);
  const refused = await get('/openapi/v2', { accept: 'text/html' });
  assert.equal(refused.status, 406);
  assert.equal(((await refused.json()) as { kind: string }).kind, 'Status');
});

test('/openapi/v3 documents by their hash are immutable; an old hash is redirected to the current one', async () => {
  const index = (await (await get('/openapi/v3')).json()) as { paths: Record<string, { serverRelativeURL: string }> };
  const url = index.paths['apis/flowcontrol.apiserver.orch.io/v1']!.serverRelativeURL;
  const hash = new URL(url, 'https://x').searchParams.get('hash')!;
  const res = await get(url);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, immutable');
  const expires = Date.parse(res.headers.get('expires') ?? '');
  assert.ok(expires > Date.now() + 300 * 24 * 3600 * 1000, 'expires about a year ahead');
  assert.equal(res.headers.get('etag'), `"${hash}"`);
  await res.arrayBuffer();
  const notModified = await get(url, { 'if-none-match': `"${hash}"` });
  assert.equal(notModified.status, 304);
  const stale = await get('/openapi/v3/apis/flowcontrol.apiserver.orch.io/v1?hash=0123');
  assert.equal(stale.status, 301);
  assert.equal(stale.headers.get('location'), url);
  const bare = await get('/openapi/v3/apis/flowcontrol.apiserver.orch.io/v1');
  assert.equal(bare.status, 200);
  assert.equal(bare.headers.get('cache-control'), null, 'without a hash the document may change');
  await bare.arrayBuffer();
});
