// Webhooks named by a service reference, as operators deploy them: an admission webhook and a
// CRD conversion webhook both point at a Service (ExternalName to the test's HTTPS server, which
// this machine can reach), and the server checks the webhook's certificate against
// <service>.<namespace>.svc, as Kubernetes does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { createTestCA, SERVER_AUTH } from '../support/authn-pki.ts';
import { eventually } from '../support/daemon.ts';

let s: CoreApiserver;
let hooks: Server;
let caBundle: string;
let port: number;

function answer(res: import('node:http').ServerResponse, body: unknown): void {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

before(async () => {
  const ca = await createTestCA('hooks-ca');
  const serving = await ca.issue('CN=hooks.hooks.svc', { usages: [SERVER_AUTH], hosts: ['hooks.hooks.svc'] });
  caBundle = Buffer.from(ca.certPem).toString('base64');
  hooks = createServer({ key: serving.keyPem, cert: serving.certPem }, (req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const review = JSON.parse(text);
      if (req.url?.startsWith('/validate')) {
        const denied = review.request.object?.metadata?.labels?.deny === 'yes';
        answer(res, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: !denied, ...(denied ? { status: { message: 'labelled deny' } } : {}) } });
        return;
      }
      const { uid, desiredAPIVersion, objects } = review.request;
      const convertedObjects = objects.map((o: any) => ({ ...o, apiVersion: desiredAPIVersion, spec: desiredAPIVersion.endsWith('/v2') ? { size: o.spec.length } : { length: o.spec.size } }));
      answer(res, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid, convertedObjects, result: { status: 'Success' } } });
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', () => r()));
  port = (hooks.address() as { port: number }).port;
  s = await startCoreApiserver();
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'hooks' } })).status, 201);
  const svc = await s.call('POST', '/api/v1/namespaces/hooks/services', { metadata: { name: 'hooks' }, spec: { type: 'ExternalName', externalName: 'localhost', ports: [{ port }] } });
  assert.equal(svc.status, 201, JSON.stringify(svc.body));
});
after(async () => {
  await s?.stop();
  hooks?.closeAllConnections();
  hooks?.close();
});

test('an admission webhook named by its service is called', async () => {
  const config = {
    metadata: { name: 'deny-labelled' },
    webhooks: [
      {
        name: 'deny.hooks.example.com',
        clientConfig: { service: { namespace: 'hooks', name: 'hooks', path: '/validate', port }, caBundle },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
        // As manifests written for Kubernetes select a namespace.
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'hooks' } },
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      },
    ],
  };
  assert.equal((await s.call('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', config)).status, 201);
  const denied = await eventually('the webhook denies', async () => {
    const r = await s.call('POST', '/api/v1/namespaces/hooks/configmaps', { metadata: { generateName: 'x-', labels: { deny: 'yes' } } });
    return r.status === 400 ? r : undefined;
  });
  assert.match(denied.body.message, /admission webhook "deny\.hooks\.example\.com" denied the request: labelled deny/);
  assert.equal((await s.call('POST', '/api/v1/namespaces/hooks/configmaps', { metadata: { name: 'allowed' } })).status, 201);
});

test('a conversion webhook named by its service converts', async () => {
  const version = (name: string, field: string, storage: boolean) => ({
    name,
    served: true,
    storage,
    schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { [field]: { type: 'integer' } } } } } },
  });
  const crd = {
    metadata: { name: 'boxes.svc.example.com' },
    spec: {
      group: 'svc.example.com',
      scope: 'Namespaced',
      names: { plural: 'boxes', kind: 'Box' },
      versions: [version('v1', 'length', true), version('v2', 'size', false)],
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { namespace: 'hooks', name: 'hooks', path: '/convert', port }, caBundle } } },
    },
  };
  assert.equal((await s.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).status, 201);
  const base = '/apis/svc.example.com';
  await eventually('served', async () => (await s.call('GET', `${base}/v2/namespaces/default/boxes`)).status === 200);
  assert.equal((await s.call('POST', `${base}/v1/namespaces/default/boxes`, { apiVersion: 'svc.example.com/v1', kind: 'Box', metadata: { name: 'b' }, spec: { length: 3 } })).status, 201);
  const v2 = await s.call('GET', `${base}/v2/namespaces/default/boxes/b`);
  assert.equal(v2.status, 200, JSON.stringify(v2.body));
  assert.deepEqual(v2.body.spec, { size: 3 });
});
