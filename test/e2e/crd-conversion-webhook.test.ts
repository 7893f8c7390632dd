// Conversion of custom resources through a real webhook server started by the test: paints are
// stored as v1 (spec.color) and served as v2 too (spec.hue). Reads, lists and watches of v2 are
// converted, writes through v2 are stored as v1, and a watch keeps going while the definition's
// storage version moves to v2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { eventually } from '../support/daemon.ts';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';

const GROUP = 'conv.example.com';
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const NAME = `paints.${GROUP}`;
const path = (v: string) => `/apis/${GROUP}/${v}/namespaces/default/paints`;

let s: CoreApiserver;
let hook: WebhookServer;
let reviews = 0;

/** The webhook: color (v1) and hue (v2) are the same field under two names. */
function convert(obj: any, desired: string): any {
  const spec = { ...obj.spec };
  if (desired.endsWith('/v2') && 'color' in spec) {
    spec.hue = spec.color;
    delete spec.color;
  } else if (desired.endsWith('/v1') && 'hue' in spec) {
    spec.color = spec.hue;
    delete spec.hue;
  }
  return { ...obj, apiVersion: desired, spec, metadata: { ...obj.metadata, labels: { ...obj.metadata.labels, converted: 'yes' } } };
}

function crd(storage: 'v1' | 'v2'): any {
  const version = (name: string, field: string) => ({
    name,
    served: true,
    storage: name === storage,
    schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { [field]: { type: 'string' } } } } } },
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: NAME },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { plural: 'paints', singular: 'paint', kind: 'Paint' },
      versions: [version('v1', 'color'), version('v2', 'hue')],
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `${hook.url}/convert`, caBundle: hook.caBundle } } },
    },
  };
}

before(async () => {
  hook = await startWebhookServer((review, _req, res) => {
    reviews++;
    const { uid, desiredAPIVersion, objects } = review.request;
    res.end(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid, convertedObjects: objects.map((o: any) => convert(o, desiredAPIVersion)), result: { status: 'Success' } } }));
  });
  s = await startCoreApiserver();
  assert.equal((await s.call('POST', CRDS, crd('v1'))).status, 201);
  await eventually('served', async () => (await s.call('GET', path('v2'))).status === 200);
});
after(async () => {
  await s.stop();
  await hook.close();
});

test('v2 reads of objects stored as v1 are converted by the webhook; v2 writes are stored as v1', async () => {
  const created = await s.call('POST', path('v1'), { apiVersion: `${GROUP}/v1`, kind: 'Paint', metadata: { name: 'red' }, spec: { color: 'red' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const asV2 = await s.call('GET', `${path('v2')}/red`);
  assert.equal(asV2.status, 200, JSON.stringify(asV2.body));
  assert.equal(asV2.body.apiVersion, `${GROUP}/v2`);
  assert.deepEqual(asV2.body.spec, { hue: 'red' });
  assert.equal(asV2.body.metadata.labels.converted, 'yes', 'a webhook may change labels');
  const viaV2 = await s.call('POST', path('v2'), { apiVersion: `${GROUP}/v2`, kind: 'Paint', metadata: { name: 'blue' }, spec: { hue: 'blue' } });
  assert.equal(viaV2.status, 201, JSON.stringify(viaV2.body));
  assert.deepEqual(viaV2.body.spec, { hue: 'blue' });
  const stored = await s.call('GET', `${path('v1')}/blue`);
  assert.deepEqual(stored.body.spec, { color: 'blue' });
  const before = reviews;
  const list = await s.call('GET', path('v2'));
  assert.deepEqual(list.body.items.map((p: any) => p.spec.hue).sort(), ['blue', 'red']);
  assert.equal(reviews - before, 1, 'a list is converted in one review');
});

test('a watch keeps going, converted, while the storage version moves to v2', async () => {
  const seen: any[] = [];
  const { hostname, port } = new URL(s.url);
  const req = httpsRequest({ hostname, port, path: `${path('v1')}?watch=1&resourceVersion=0`, headers: { authorization: `Bearer ${s.token}` }, ca: readFileSync(s.caFile), agent: false });
  await new Promise<void>((resolve) => {
    req.on('response', (res) => {
      let buf = '';
      res.on('data', (c: Buffer) => {
        buf += c.toString();
        const lines = buf.split('\n');
        buf = lines.pop()!;
        for (const line of lines) if (line) seen.push(JSON.parse(line));
      });
      resolve();
    });
    req.on('error', () => undefined);
    req.end();
  });
  const current = (await s.call('GET', `${CRDS}/${NAME}`)).body;
  const next = crd('v2');
  const updated = await s.call('PUT', `${CRDS}/${NAME}`, { ...next, metadata: current.metadata });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  await eventually('v2 is a stored version', async () => {
    const c = (await s.call('GET', `${CRDS}/${NAME}`)).body;
    return JSON.stringify(c.status.storedVersions) === '["v1","v2"]';
  });
  assert.equal((await s.call('POST', path('v2'), { apiVersion: `${GROUP}/v2`, kind: 'Paint', metadata: { name: 'green' }, spec: { hue: 'green' } })).status, 201);
  const green = await eventually('the v1 watch sees the object stored as v2, converted', async () => seen.find((e) => e.object?.metadata?.name === 'green'));
  req.destroy();
  assert.equal(green.type, 'ADDED');
  assert.equal(green.object.apiVersion, `${GROUP}/v1`);
  assert.deepEqual(green.object.spec, { color: 'green' });
  assert.ok(seen.filter((e) => e.type === 'ADDED').length >= 3, 'the objects stored before came first');
});
