// CustomResourceDefinitions over raw HTTP as Kubernetes serves the resource itself: a create with
// v1's defaults, generation 1 and storedVersions seeded with the storage version; v1 validation's
// causes word for word; the spec only through the main resource and the status only through
// /status; the NAME CREATED AT table; both group names (apiextensions.orch.io and .k8s.io).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const CRDS = '/apis/apiextensions.orch.io/v1/customresourcedefinitions';
const K8S_CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

const SCHEMA = {
  type: 'object',
  properties: {
    spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } },
    status: { type: 'object', properties: { replicas: { type: 'integer' } } },
  },
};

function crd(plural: string, group: string, extra: { spec?: Record<string, unknown>; version?: Record<string, unknown>; metadata?: Record<string, unknown> } = {}): any {
  const kind = plural[0]!.toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}`, ...extra.metadata },
    spec: {
      group,
      names: { plural, kind },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: SCHEMA }, ...extra.version }],
      ...extra.spec,
    },
  };
}

test('discovery lists customresourcedefinitions cluster-scoped, short names crd and crds, category api-extensions, under both names', async () => {
  for (const gv of ['apiextensions.orch.io/v1', 'apiextensions.k8s.io/v1']) {
    const r = (await s.call('GET', `/apis/${gv}`)).body.resources.find((x: any) => x.name === 'customresourcedefinitions');
    assert.equal(r.kind, 'CustomResourceDefinition');
    assert.equal(r.namespaced, false);
    if (gv.startsWith('apiextensions.orch.io')) {
      assert.deepEqual(r.shortNames, ['crd', 'crds']);
      assert.deepEqual(r.categories, ['api-extensions']);
    }
    assert.ok((await s.call('GET', '/apis/' + gv)).body.resources.some((x: any) => x.name === 'customresourcedefinitions/status'));
  }
});

test('a create gets v1 defaults, generation 1, an empty status with the storage version stored, in Go\'s order', async () => {
  const r = await s.call('POST', K8S_CRDS, { ...crd('widgets', 'example.com'), status: { storedVersions: ['v9'], conditions: [{ type: 'Established', status: 'True' }] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.apiVersion, 'apiextensions.k8s.io/v1');
  assert.equal(r.body.metadata.generation, 1);
  assert.deepEqual(r.body.spec.names, { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' });
  assert.deepEqual(r.body.spec.conversion, { strategy: 'None' });
  assert.deepEqual(Object.keys(r.body.spec), ['group', 'names', 'scope', 'versions', 'conversion']);
  assert.deepEqual(r.body.spec.versions[0].schema.openAPIV3Schema, SCHEMA);
  assert.deepEqual(r.body.status.storedVersions, ['v1']);
  assert.deepEqual(r.body.status.acceptedNames, { plural: '', kind: '' });
  const got = await s.call('GET', `${CRDS}/widgets.example.com`);
  assert.equal(got.body.apiVersion, 'apiextensions.orch.io/v1');
  assert.equal(got.body.metadata.uid, r.body.metadata.uid);
});
