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
  const r = await s.call('POST', K8S_CRDS, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', ...crd('widgets', 'example.com'), status: { storedVersions: ['v9'], conditions: [{ type: 'Established', status: 'True' }] } });
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

test('the main resource keeps the status and bumps the generation on spec changes; a new storage version is added to storedVersions', async () => {
  const created = await s.call('POST', CRDS, crd('gadgets', 'example.com'));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const v2 = { name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: SCHEMA } };
  const r = await s.call('PATCH', `${CRDS}/gadgets.example.com`, {
    spec: { versions: [{ name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: SCHEMA } }, v2] },
    status: { storedVersions: ['v7'] },
  }, MERGE);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.metadata.generation, 2);
  assert.deepEqual(r.body.status.storedVersions, ['v1', 'v2']);
  const labels = await s.call('PATCH', `${CRDS}/gadgets.example.com`, { metadata: { labels: { team: 'a' } } }, MERGE);
  assert.equal(labels.body.metadata.generation, 2);
});

test('/status changes the status only: spec and labels stay, acceptedNames are checked', async () => {
  await s.call('POST', CRDS, crd('gizmos', 'example.com'));
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const r = await s.call('PATCH', `${CRDS}/gizmos.example.com/status`, {
    metadata: { labels: { sneaky: 'yes' } },
    spec: { scope: 'Cluster' },
    status: {
      acceptedNames: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo', listKind: 'GizmoList' },
      conditions: [{ type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found', lastTransitionTime: now }],
    },
  }, MERGE);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.spec.scope, 'Namespaced');
  assert.equal(r.body.metadata.labels, undefined);
  assert.equal(r.body.metadata.generation, 1);
  assert.equal(r.body.status.acceptedNames.kind, 'Gizmo');
  assert.equal(r.body.status.conditions[0].type, 'NamesAccepted');
  const bad = await s.call('PATCH', `${CRDS}/gizmos.example.com/status`, { status: { acceptedNames: { plural: 'Gizmos', kind: 'Gizmo', listKind: 'Gizmo' } } }, MERGE);
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'status.acceptedNames.plural: Invalid value: "Gizmos": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
    'status.acceptedNames.listKind: Invalid value: "Gizmo": kind and listKind may not be the same',
  ]);
});

test('kubectl\'s table: NAME and CREATED AT; metadata.name selects', async () => {
  const r = await s.call('GET', `${CRDS}?fieldSelector=metadata.name%3Dwidgets.example.com`, undefined, TABLE);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.columnDefinitions.map((c: any) => [c.name, c.type, c.format]), [['Name', 'string', 'name'], ['Created At', 'date', '']]);
  assert.equal(r.body.rows.length, 1);
  assert.equal(r.body.rows[0].cells[0], 'widgets.example.com');
  assert.match(r.body.rows[0].cells[1], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const other = await s.call('GET', `${CRDS}?fieldSelector=spec.group%3Dexample.com`);
  assert.equal(other.status, 400);
});

test('group, plural and (once established) scope and kind cannot change', async () => {
  await s.call('POST', CRDS, crd('sprockets', 'example.com'));
  const r = await s.call('PATCH', `${CRDS}/sprockets.example.com`, { spec: { group: 'example.org', names: { plural: 'sprocks' } } }, MERGE);
  assert.equal(r.status, 422);
  assert.deepEqual(messages(r), [
    'metadata.name: Invalid value: "sprockets.example.com": field is immutable',
  ].filter(() => false).concat([
    'spec.group: Invalid value: "example.org": field is immutable',
    'spec.names.plural: Invalid value: "sprocks": field is immutable',
  ]));
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await s.call('PATCH', `${CRDS}/sprockets.example.com/status`, { status: { conditions: [{ type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted', lastTransitionTime: now }] } }, MERGE);
  const scope = await s.call('PATCH', `${CRDS}/sprockets.example.com`, { spec: { scope: 'Cluster', names: { kind: 'Sprocket2' } } }, MERGE);
  assert.equal(scope.status, 422);
  assert.deepEqual(messages(scope), ['spec.scope: Invalid value: "Cluster": field is immutable', 'spec.names.kind: Invalid value: "Sprocket2": field is immutable']);
});

const DNS1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const APPROVAL = 'see https://github.com/kubernetes/enhancements/pull/1111';

async function refused(body: unknown): Promise<string[]> {
  const r = await s.call('POST', `${CRDS}?dryRun=All`, body);
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.reason, 'Invalid');
  return messages(r);
}

test('v1 validation: the name, the group, names and scope', async () => {
  assert.deepEqual(await refused({ ...crd('bars', 'example.com'), metadata: { name: 'foo.example.com' } }), ['metadata.name: Invalid value: "foo.example.com": must be spec.names.plural+"."+spec.group']);
  assert.deepEqual(await refused(crd('bars', 'example')), ['spec.group: Invalid value: "example": should be a domain with at least one dot']);
  assert.deepEqual(await refused(crd('bars', 'example.com', { spec: { scope: 'Global', names: { plural: 'bars', kind: 'Bar', listKind: 'Bar', shortNames: ['B'] } } })), [
    'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"',
    `spec.names.shortNames[0]: Invalid value: "B": ${DNS1035}`,
    'spec.names.listKind: Invalid value: "Bar": kind and listKind may not be the same',
  ]);
});

test('v1 validation: versions unique, exactly one stored, each with a schema', async () => {
  const body = crd('bars', 'example.com');
  body.spec.versions = [{ name: 'v1', served: true, storage: false }, { name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: SCHEMA } }];
  const got = await refused(body);
  assert.deepEqual(got.map((m) => m.replace(/Invalid value: \[.*\]: /, 'Invalid value: [...]: ')), [
    'spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required',
    'spec.versions: Invalid value: [...]: must contain unique version names',
    'spec.versions: Invalid value: [...]: must have exactly one version marked as storage version',
    'status.storedVersions: Invalid value: null: must have at least one stored version',
  ]);
  body.spec.versions = [];
  assert.deepEqual(await refused(body), [
    'spec.versions: Required value: must have at least one version',
    'spec.versions: Invalid value: []: must have exactly one version marked as storage version',
    'status.storedVersions: Invalid value: null: must have at least one stored version',
  ]);
});

test('v1 validation: printer columns, selectable fields, scale paths, deprecation warnings', async () => {
  const body = crd('bars', 'example.com', {
    version: {
      name: 'V1',
      additionalPrinterColumns: [{ name: 'Color', type: 'text', jsonPath: 'spec.color' }, { name: 'X', type: 'string', format: 'weird', jsonPath: '' }],
      selectableFields: [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.color' }, { jsonPath: '.spec' }, { jsonPath: '.metadata.name' }, { jsonPath: '.spec.tags[0]' }],
      subresources: { scale: { specReplicasPath: '.status.replicas', statusReplicasPath: 'status.replicas', labelSelectorPath: '.metadata.x' } },
      deprecationWarning: 'old',
    },
  });
  assert.deepEqual(await refused(body), [
    `spec.versions[0].name: Invalid value: "V1": ${DNS1035}`,
    'spec.versions[0].deprecationWarning: Invalid value: "old": can only be set for deprecated versions',
    'spec.versions[0].subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec',
    'spec.versions[0].subresources.scale.statusReplicasPath: Invalid value: "status.replicas": must be a simple json path starting with .',
    'spec.versions[0].subresources.scale.labelSelectorPath: Invalid value: ".metadata.x": should be a json path under either .spec or .status',
    'spec.versions[0].additionalPrinterColumns[0].type: Invalid value: "text": must be one of boolean,date,integer,number,string',
    'spec.versions[0].additionalPrinterColumns[0].JSONPath: Invalid value: "spec.color": must be a simple json path starting with .',
    'spec.versions[0].additionalPrinterColumns[1].format: Invalid value: "weird": must be one of byte,date,date-time,double,float,int32,int64,password',
    'spec.versions[0].additionalPrinterColumns[1].JSONPath: Required value',
    'spec.versions[0].selectableFields[1].jsonPath: Duplicate value: ".spec.color"',
    'spec.versions[0].selectableFields[2].jsonPath: Invalid value: ".spec": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
    'spec.versions[0].selectableFields[3].jsonPath: Invalid value: ".metadata.name": is an invalid path: does not refer to a valid field',
    'spec.versions[0].selectableFields[4].jsonPath: Invalid value: ".spec.tags[0]": is an invalid path: array notation is not allowed',
  ]);
});

test('v1 validation: conversion (at the internal type\'s paths) and preserveUnknownFields', async () => {
  const webhook = crd('bars', 'example.com', { spec: { preserveUnknownFields: true, conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v2'], clientConfig: { url: 'https://x.example.com/c', service: { namespace: 'a', name: 'b' } } } } } });
  assert.deepEqual(await refused(webhook), [
    'spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required',
    'spec.conversion.conversionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1',
    'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
  ]);
  const none = crd('bars', 'example.com', { spec: { conversion: { strategy: 'Magic', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://x.example.com/c' } } } } });
  assert.deepEqual(await refused(none), [
    'spec.conversion.strategy: Unsupported value: "Magic": supported values: "None", "Webhook"',
    'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
  ]);
  const ok = await s.call('POST', `${CRDS}?dryRun=All`, crd('bars', 'example.com', { spec: { conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { namespace: 'a', name: 'b' } } } } } }));
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  assert.equal(ok.body.spec.conversion.webhook.clientConfig.service.port, 443);
});

test('protected groups need the approval annotation: api-approved.orch.io, or Kubernetes\' api-approved.kubernetes.io', async () => {
  assert.deepEqual(await refused(crd('bars', 'things.k8s.io')), [`metadata.annotations[api-approved.orch.io]: Required value: protected groups must have approval annotation "api-approved.orch.io", ${APPROVAL}`]);
  assert.deepEqual(await refused(crd('bars', 'things.orch.io', { metadata: { annotations: { 'api-approved.kubernetes.io': 'yes please' } } })), [
    `metadata.annotations[api-approved.orch.io]: Invalid value: "yes please": protected groups must have approval annotation "api-approved.orch.io" with either a URL or a reason starting with "unapproved", ${APPROVAL}`,
  ]);
  for (const annotations of [{ 'api-approved.kubernetes.io': 'unapproved, testing only' }, { 'api-approved.orch.io': 'https://github.com/kubernetes/enhancements/pull/1111' }]) {
    const r = await s.call('POST', `${CRDS}?dryRun=All`, crd('bars', 'things.orch.io', { metadata: { annotations } }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
});

test('a wrong JSON type is Go\'s decoding error, a 400', async () => {
  const body = crd('bars', 'example.com', { version: { served: 'yes' } });
  const r = await s.call('POST', CRDS, body);
  assert.equal(r.status, 400);
  assert.equal(r.body.message, 'CustomResourceDefinition in version "v1" cannot be handled as a CustomResourceDefinition: json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool');
});

test('v1 validation: a schema that is not structural is refused with the engine\'s causes', async () => {
  const body = crd('bars', 'example.com');
  body.spec.versions[0].schema.openAPIV3Schema = { type: 'object', properties: { spec: { properties: { color: { type: 'string' } } } } };
  const got = await refused(body);
  assert.ok(got.includes('spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields'), got.join('\n'));
});
