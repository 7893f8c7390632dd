// Custom resources over REST, on one server: a multi-version CustomResourceDefinition is accepted,
// established and served at once (discovery, OpenAPI); its objects are defaulted, pruned and
// validated by its schema and CEL rules; status and scale are subresources; the deprecated version
// warns; tables carry the printer columns; a selectable field selects; a watch follows; names in
// conflict are refused; deleting the definition deletes its objects and stops serving it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { eventually } from '../support/daemon.ts';
import { widget, widgetCrd, WIDGET_CRD_NAME, WIDGET_GROUP } from '../support/crd-fixtures.ts';

let s: CoreApiserver;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const WIDGETS = `/apis/${WIDGET_GROUP}/v1/namespaces/default/widgets`;

before(async () => {
  s = await startCoreApiserver();
  const r = await s.call('POST', CRDS, widgetCrd());
  assert.equal(r.status, 201, JSON.stringify(r.body));
  await eventually('the definition is established and served', async () => {
    const crd = await s.call('GET', `${CRDS}/${WIDGET_CRD_NAME}`);
    const established = crd.body.status?.conditions?.find((c: any) => c.type === 'Established')?.status === 'True';
    return established && (await s.call('GET', WIDGETS)).status === 200;
  });
});
after(async () => {
  await s.stop();
});

test('an established definition has accepted names, its stored version, and is discovered and published', async () => {
  const crd = (await s.call('GET', `${CRDS}/${WIDGET_CRD_NAME}`)).body;
  const names = crd.status.conditions.find((c: any) => c.type === 'NamesAccepted');
  assert.equal(names.status, 'True');
  assert.equal(names.reason, 'NoConflicts');
  assert.deepEqual(crd.status.acceptedNames, { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'], categories: ['all'] });
  assert.deepEqual(crd.status.storedVersions, ['v1']);
  const group = (await s.call('GET', `/apis/${WIDGET_GROUP}`)).body;
  assert.deepEqual(group.versions.map((v: any) => v.version), ['v1', 'v1beta1']);
  assert.equal(group.preferredVersion.version, 'v1');
  const list = (await s.call('GET', `/apis/${WIDGET_GROUP}/v1`)).body;
  const widgets = list.resources.find((r: any) => r.name === 'widgets');
  assert.equal(widgets.kind, 'Widget');
  assert.equal(widgets.namespaced, true);
  assert.deepEqual(widgets.shortNames, ['wd']);
  assert.deepEqual(widgets.categories, ['all']);
  assert.ok(list.resources.some((r: any) => r.name === 'widgets/status'));
  assert.ok(list.resources.some((r: any) => r.name === 'widgets/scale' && r.kind === 'Scale'));
  const index = (await s.call('GET', '/openapi/v3')).body;
  assert.ok(index.paths[`apis/${WIDGET_GROUP}/v1`], 'the group version is in the OpenAPI v3 index');
  const doc = (await s.call('GET', `/openapi/v3/apis/${WIDGET_GROUP}/v1`)).body;
  const def = doc.components.schemas['com.example.shop.v1.Widget'];
  assert.deepEqual(def['x-kubernetes-group-version-kind'], [{ group: WIDGET_GROUP, version: 'v1', kind: 'Widget' }]);
  assert.equal(def.properties.spec.properties.replicas.maximum, 10);
});

test('objects are defaulted and pruned by the schema; Strict field validation refuses unknown fields', async () => {
  const r = await s.call('POST', WIDGETS, { ...widget('plain', { color: 'red', ports: [{ name: 'http', port: 80 }], extra: 1 }), junk: true });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec, { color: 'red', ports: [{ name: 'http', port: 80, protocol: 'TCP' }], replicas: 1, size: 'medium' });
  assert.equal(r.body.junk, undefined);
  assert.equal(r.body.metadata.generation, 1);
  const strict = await s.call('POST', `${WIDGETS}?fieldValidation=Strict`, widget('strict', { color: 'red', extra: 1 }));
  assert.equal(strict.status, 400);
  assert.match(strict.body.message, /unknown field "spec.extra"/);
});

test('values the schema forbids are refused with a 422 naming each field', async () => {
  const r = await s.call('POST', WIDGETS, widget('bad', { color: 'purple', replicas: 11, ports: [{ name: 'a', port: 0 }] }));
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const fields = r.body.details.causes.map((c: any) => c.field);
  assert.ok(fields.includes('spec.color'), JSON.stringify(r.body.details.causes));
  assert.ok(fields.includes('spec.replicas'), JSON.stringify(r.body.details.causes));
  assert.ok(fields.includes('spec.ports[0].port'), JSON.stringify(r.body.details.causes));
  const wrongType = await s.call('POST', WIDGETS, widget('typed', { color: 'red', replicas: 'three' }));
  assert.equal(wrongType.status, 422);
  assert.match(JSON.stringify(wrongType.body.details.causes), /spec\.replicas in body must be of type integer/);
  const missing = await s.call('POST', WIDGETS, widget('missing', { replicas: 2 }));
  assert.equal(missing.status, 422);
  assert.ok(missing.body.details.causes.some((c: any) => c.field === 'spec.color' && c.reason === 'FieldValueRequired'));
});

test('status is a subresource: the main resource keeps it, /status changes only it, generation follows the spec', async () => {
  await s.call('POST', WIDGETS, widget('sub', { color: 'green', replicas: 2 }));
  const cur = (await s.call('GET', `${WIDGETS}/sub`)).body;
  const withStatus = await s.call('PUT', `${WIDGETS}/sub/status`, { ...cur, spec: { ...cur.spec, replicas: 4 }, status: { replicas: 2, selector: 'app=sub', phase: 'Running' } });
  assert.equal(withStatus.status, 200, JSON.stringify(withStatus.body));
  assert.equal(withStatus.body.spec.replicas, 2, '/status leaves the spec');
  assert.equal(withStatus.body.status.phase, 'Running');
  assert.equal(withStatus.body.metadata.generation, 1);
  const main = await s.call('PUT', `${WIDGETS}/sub`, { ...withStatus.body, spec: { ...withStatus.body.spec, replicas: 3 }, status: { phase: 'Lost' } });
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.equal(main.body.status.phase, 'Running', 'the main resource keeps the stored status');
  assert.equal(main.body.metadata.generation, 2);
  const scale = await s.call('GET', `${WIDGETS}/sub/scale`);
  assert.equal(scale.status, 200);
  assert.equal(scale.body.kind, 'Scale');
  assert.deepEqual(scale.body.spec, { replicas: 3 });
  assert.deepEqual(scale.body.status, { replicas: 2, selector: 'app=sub' });
  const scaled = await s.call('PATCH', `${WIDGETS}/sub/scale`, { spec: { replicas: 5 } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(scaled.status, 200, JSON.stringify(scaled.body));
  assert.equal((await s.call('GET', `${WIDGETS}/sub`)).body.spec.replicas, 5);
});

test('the deprecated version serves the same objects with its apiVersion and a warning', async () => {
  await s.call('POST', WIDGETS, widget('old', { color: 'blue' }));
  const r = await s.call('GET', `/apis/${WIDGET_GROUP}/v1beta1/namespaces/default/widgets/old`);
  assert.equal(r.status, 200);
  assert.equal(r.body.apiVersion, `${WIDGET_GROUP}/v1beta1`);
  assert.match(String(r.headers['warning']), /shop\.example\.com\/v1beta1 Widget is deprecated/);
  const created = await s.call('POST', `/apis/${WIDGET_GROUP}/v1beta1/namespaces/default/widgets`, widget('via-beta', { color: 'red' }, `${WIDGET_GROUP}/v1beta1`));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((await s.call('GET', `${WIDGETS}/via-beta`)).body.apiVersion, `${WIDGET_GROUP}/v1`);
});

test('tables carry the printer columns; a selectable field selects', async () => {
  await s.call('POST', WIDGETS, widget('table-red', { color: 'red', replicas: 2 }));
  const t = await s.call('GET', `${WIDGETS}?fieldSelector=spec.color%3Dred`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  assert.equal(t.status, 200, JSON.stringify(t.body));
  assert.deepEqual(t.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Color', 'Replicas', 'Phase', 'Age']);
  const names = t.body.rows.map((r: any) => r.cells[0]);
  assert.ok(names.includes('table-red'));
  assert.ok(t.body.rows.every((r: any) => r.cells[1] === 'red'), 'only red widgets are selected');
  const row = t.body.rows.find((r: any) => r.cells[0] === 'table-red');
  assert.equal(row.cells[2], 2);
  const bad = await s.call('GET', `${WIDGETS}?fieldSelector=spec.size%3Dlarge`);
  assert.equal(bad.status, 400);
});

test('a watch sees custom resources change', async () => {
  const seen: string[] = [];
  const { hostname, port } = new URL(s.url);
  const req = httpsRequest({
    hostname,
    port,
    path: `${WIDGETS}?watch=1&fieldSelector=metadata.name%3Dwatched`,
    headers: { authorization: `Bearer ${s.token}` },
    ca: readFileSync(s.caFile),
    agent: false,
  });
  const opened = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      let buf = '';
      res.on('data', (c: Buffer) => {
        buf += c.toString();
        const lines = buf.split('\n');
        buf = lines.pop()!;
        for (const line of lines) if (line) seen.push(JSON.parse(line).type);
      });
      resolve();
    });
  });
  req.on('error', () => undefined);
  req.end();
  await opened;
  await s.call('POST', WIDGETS, widget('watched', { color: 'red' }));
  await s.call('PATCH', `${WIDGETS}/watched`, { spec: { replicas: 2 } }, { 'content-type': 'application/merge-patch+json' });
  await s.call('DELETE', `${WIDGETS}/watched`);
  await eventually('the watch saw the object come, change and go', async () => seen.join(',') === 'ADDED,MODIFIED,DELETED');
  req.destroy();
});

test('names another definition of the group holds are not accepted', async () => {
  const clash = widgetCrd() as any;
  clash.metadata.name = `gadgets.${WIDGET_GROUP}`;
  clash.spec.names = { plural: 'gadgets', singular: 'gadget', kind: 'Widget' };
  const r = await s.call('POST', CRDS, clash);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const cond = await eventually('the names are judged', async () => {
    const c = (await s.call('GET', `${CRDS}/gadgets.${WIDGET_GROUP}`)).body.status?.conditions?.find((x: any) => x.type === 'NamesAccepted');
    return c;
  });
  assert.equal(cond.status, 'False');
  assert.equal(cond.reason, 'KindConflict');
  assert.equal(cond.message, '"Widget" is already in use');
  assert.equal((await s.call('GET', `/apis/${WIDGET_GROUP}/v1/namespaces/default/gadgets`)).status, 404);
  await s.call('DELETE', `${CRDS}/gadgets.${WIDGET_GROUP}`);
});

test('deleting a definition deletes its objects first, then stops serving them', async () => {
  const crd = widgetCrd('cleanup.example.com');
  assert.equal((await s.call('POST', CRDS, crd)).status, 201);
  const path = '/apis/cleanup.example.com/v1/namespaces/default/widgets';
  await eventually('served', async () => (await s.call('GET', path)).status === 200);
  for (const n of ['a', 'b', 'c']) assert.equal((await s.call('POST', path, widget(n, { color: 'red' }, 'cleanup.example.com/v1'))).status, 201);
  const del = await s.call('DELETE', `${CRDS}/widgets.cleanup.example.com`);
  assert.equal(del.status, 200, JSON.stringify(del.body));
  await eventually('the definition is gone', async () => (await s.call('GET', `${CRDS}/widgets.cleanup.example.com`)).status === 404);
  assert.equal((await s.call('GET', path)).status, 404);
  assert.equal((await s.call('GET', '/apis/cleanup.example.com')).status, 404);
  // Created again, it starts empty.
  assert.equal((await s.call('POST', CRDS, crd)).status, 201);
  await eventually('served again', async () => (await s.call('GET', path)).status === 200);
  assert.deepEqual((await s.call('GET', path)).body.items, []);
});

/** A definition in the widget group with one served and stored version whose spec has `specProperties`. */
function oneVersionCrd(plural: string, kind: string, scope: 'Namespaced' | 'Cluster', specProperties: Record<string, unknown>) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${WIDGET_GROUP}` },
    spec: {
      group: WIDGET_GROUP,
      scope,
      names: { plural, kind },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: specProperties } } } } }],
    },
  };
}

test('a cluster-scoped definition with an embedded resource and a nullable field: pruned inside, null kept', async () => {
  const crd = oneVersionCrd('templates', 'Template', 'Cluster', {
    note: { type: 'string', nullable: true },
    object: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { data: { type: 'object', additionalProperties: { type: 'string' } } } },
  });
  assert.equal((await s.call('POST', CRDS, crd)).status, 201);
  const path = `/apis/${WIDGET_GROUP}/v1/templates`;
  await eventually('served', async () => (await s.call('GET', path)).status === 200);
  const body = { apiVersion: `${WIDGET_GROUP}/v1`, kind: 'Template', metadata: { name: 'cm' }, spec: { note: null, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'b' }, extra: 1 } } };
  const r = await s.call('POST', path, body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.metadata.namespace, undefined);
  assert.deepEqual(r.body.spec, { note: null, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'b' } } });
  const noKind = await s.call('POST', path, { ...body, metadata: { name: 'nokind' }, spec: { object: { data: {} } } });
  assert.equal(noKind.status, 422);
  assert.match(JSON.stringify(noKind.body.details.causes), /spec\.object\.kind/);
  assert.equal((await s.call('GET', `/apis/${WIDGET_GROUP}/v1/namespaces/default/templates`)).status, 404, 'cluster-scoped: no namespaced path');
});

test('a definition in a protected group records whether its API was approved', async () => {
  const crd = widgetCrd('approved.orch.io') as any;
  crd.metadata.annotations = { 'api-approved.kubernetes.io': 'https://example.com/approvals/1' };
  const r = await s.call('POST', CRDS, crd);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const cond = await eventually('the approval is judged', async () =>
    (await s.call('GET', `${CRDS}/widgets.approved.orch.io`)).body.status?.conditions?.find((c: any) => c.type === 'KubernetesAPIApprovalPolicyConformant'),
  );
  assert.equal(cond.status, 'True');
  assert.equal(cond.reason, 'ApprovedAnnotation');
  assert.equal(cond.message, 'approved in https://example.com/approvals/1');
});

test('a pattern or rule that backtracks exponentially in JavaScript is matched in linear time, as RE2 does', async () => {
  const crd = oneVersionCrd('patterns', 'Pattern', 'Namespaced', {
    a: { type: 'string', pattern: '^(a+)+$' },
    b: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.matches('^(b+)+$')", message: 'only b' }] },
  });
  assert.equal((await s.call('POST', CRDS, crd)).status, 201);
  const path = `/apis/${WIDGET_GROUP}/v1/namespaces/default/patterns`;
  await eventually('served', async () => (await s.call('GET', path)).status === 200);
  // Forty characters and a mismatch: hours under a backtracking engine.
  const r = await s.call('POST', path, { apiVersion: `${WIDGET_GROUP}/v1`, kind: 'Pattern', metadata: { name: 'p' }, spec: { a: `${'a'.repeat(40)}!`, b: `${'b'.repeat(40)}!` } });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const causes = JSON.stringify(r.body.details.causes);
  assert.match(causes, /spec\.a in body should match/);
  assert.match(causes, /only b/);
  assert.equal((await s.call('GET', '/readyz')).status, 200);
});
