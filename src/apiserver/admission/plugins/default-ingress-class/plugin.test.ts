import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { Ingress, IngressClass } from '../../../../api/networking/v1/types.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { defaultIngressClass } from './plugin.ts';

const DEFAULT = { 'ingressclass.orch.io/is-default-class': 'true' };

function ingressClass(name: string, created: string, annotations?: Record<string, string>): IngressClass {
  return { metadata: { name, creationTimestamp: created, ...(annotations ? { annotations } : {}) }, spec: { controller: 'example.com/ingress' } };
}

function storeOf(classes: IngressClass[]): StoredObjects {
  return { serves: () => true, get: async () => undefined, list: async <T extends ApiObject>() => classes as unknown as T[] };
}

function create(ing: Ingress, resource = 'ingresses', subresource = '', group = 'networking.orch.io'): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group, version: 'v1', resource },
    subresource,
    kind: { group: 'networking.orch.io', version: 'v1', kind: 'Ingress' },
    namespace: 'default',
    name: ing.metadata.name ?? '',
    object: ing as ApiObject,
    dryRun: false,
  };
}

const web = (spec: Ingress['spec'] = { rules: [{ host: 'shop.example' }] }, annotations?: Record<string, string>): Ingress => ({
  metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec,
});

async function admitted(ing: Ingress, classes: IngressClass[]): Promise<Ingress> {
  await defaultIngressClass({ objects: () => storeOf(classes) }).admit!(create(ing));
  return ing;
}

test('an ingress without a class gets the default one, first in its spec', async () => {
  const classes = [ingressClass('plain', '2026-01-01T00:00:00Z'), ingressClass('main', '2026-01-01T00:00:00Z', DEFAULT)];
  const ing = await admitted(web(), classes);
  assert.equal(ing.spec?.ingressClassName, 'main');
  assert.deepEqual(Object.keys(ing.spec!), ['ingressClassName', 'rules']);
});

test('an ingress written through networking.k8s.io is defaulted too', async () => {
  const ing = web();
  await defaultIngressClass({ objects: () => storeOf([ingressClass('main', '2026-01-01T00:00:00Z', DEFAULT)]) }).admit!(create(ing, 'ingresses', '', 'networking.k8s.io'));
  assert.equal(ing.spec?.ingressClassName, 'main');
});

test('a class named by the field or the annotation, even an empty one, is left alone', async () => {
  const classes = [ingressClass('main', '2026-01-01T00:00:00Z', DEFAULT)];
  assert.equal((await admitted(web({ ingressClassName: 'other' }), classes)).spec?.ingressClassName, 'other');
  assert.equal((await admitted(web({ ingressClassName: '' }), classes)).spec?.ingressClassName, '');
  assert.equal((await admitted(web({}, { 'orch.io/ingress.class': 'legacy' }), classes)).spec?.ingressClassName, undefined);
});

test('no default class, or "false", leaves the class unset', async () => {
  assert.equal((await admitted(web(), [])).spec?.ingressClassName, undefined);
  const notDefault = [ingressClass('main', '2026-01-01T00:00:00Z', { 'ingressclass.orch.io/is-default-class': 'false' })];
  assert.equal((await admitted(web(), notDefault)).spec?.ingressClassName, undefined);
});

test('of several default classes the newest wins, then the first by name', async () => {
  const older = ingressClass('older', '2026-01-01T00:00:00Z', DEFAULT);
  const newer = ingressClass('newer', '2026-02-01T00:00:00Z', DEFAULT);
  assert.equal((await admitted(web(), [older, newer])).spec?.ingressClassName, 'newer');
  const b = ingressClass('b', '2026-03-01T00:00:00Z', DEFAULT);
  const a = ingressClass('a', '2026-03-01T00:00:00Z', DEFAULT);
  assert.equal((await admitted(web(), [b, a, older])).spec?.ingressClassName, 'a');
});

test('only creates of ingresses themselves are defaulted', async () => {
  const plugin = defaultIngressClass({ objects: () => storeOf([ingressClass('main', '2026-01-01T00:00:00Z', DEFAULT)]) });
  assert.equal(plugin.handles('UPDATE'), false);
  const status = web();
  await plugin.admit!(create(status, 'ingresses', 'status'));
  assert.equal(status.spec?.ingressClassName, undefined);
  const other = web();
  await plugin.admit!(create(other, 'networkpolicies'));
  assert.equal(other.spec?.ingressClassName, undefined);
});
