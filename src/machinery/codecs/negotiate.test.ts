import { test } from 'node:test';
import assert from 'node:assert/strict';
import { negotiateOutput, negotiateStatusOutput, wantsPretty } from './negotiate.ts';
import { StatusError } from '../status.ts';

const events = { allowTable: true, allowProtobuf: true };

test("kubectl's table Accept header gets a v1 Table in JSON", () => {
  const out = negotiateOutput(
    'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json',
    events,
  );
  assert.deepEqual(out, { mediaType: 'application/json', contentType: 'application/json', table: { version: 'v1', group: 'meta.k8s.io' } });
});

test('without table support the plain JSON fallback is chosen', () => {
  const out = negotiateOutput('application/json;as=Table;v=v1;g=meta.k8s.io, application/json', { allowTable: false, allowProtobuf: true });
  assert.equal(out.table, undefined);
  assert.equal(out.mediaType, 'application/json');
});

test('meta.orch.io tables, v1beta1 tables and PartialObjectMetadataList', () => {
  assert.deepEqual(negotiateOutput('application/json;as=Table;v=v1beta1;g=meta.orch.io', events).table, { version: 'v1beta1', group: 'meta.orch.io' });
  assert.deepEqual(negotiateOutput('application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io', events).partialObjectMetadata, {
    version: 'v1',
    group: 'meta.k8s.io',
    list: true,
  });
});

test('missing, empty, */* and application/* Accept headers get JSON', () => {
  for (const accept of [undefined, '', '*/*', 'application/*', 'text/html, */*;q=0.8']) {
    assert.equal(negotiateOutput(accept, events).mediaType, 'application/json', String(accept));
  }
});

test('YAML and protobuf; q-values decide; protobuf only where the kind allows it', () => {
  assert.equal(negotiateOutput('application/yaml', events).mediaType, 'application/yaml');
  assert.deepEqual(negotiateOutput('application/vnd.kubernetes.protobuf, application/json', events), {
    mediaType: 'application/vnd.orch.protobuf',
    contentType: 'application/vnd.kubernetes.protobuf',
  });
  assert.equal(negotiateOutput('application/vnd.orch.protobuf', events).contentType, 'application/vnd.orch.protobuf');
  assert.equal(negotiateOutput('application/json;q=0.5, application/yaml', events).mediaType, 'application/yaml');
  assert.equal(
    negotiateOutput('application/vnd.orch.protobuf, application/json', { allowTable: true, allowProtobuf: false }).mediaType,
    'application/json',
  );
  assert.equal(negotiateOutput('application/json;pretty=1', events).pretty, true);
});

test('watches say stream=watch and cannot be YAML', () => {
  const watch = { ...events, stream: true };
  assert.equal(negotiateOutput('application/json', watch).contentType, 'application/json;stream=watch');
  assert.equal(negotiateOutput('application/vnd.kubernetes.protobuf;stream=watch', watch).contentType, 'application/vnd.kubernetes.protobuf;stream=watch');
  assert.throws(() => negotiateOutput('application/yaml', watch), (e: unknown) => e instanceof StatusError && e.code === 406);
});

test('nothing acceptable is a 406 listing what is', () => {
  for (const accept of ['text/html', 'application/xml', 'application/json;q=0', 'application/json;as=Table;v=v2;g=meta.k8s.io', 'application/json;as=Foo;v=v1;g=meta.k8s.io', 'application/vnd.orch.protobuf;as=Table;v=v1;g=meta.k8s.io']) {
    assert.throws(
      () => negotiateOutput(accept, events),
      (e: unknown) =>
        e instanceof StatusError &&
        e.code === 406 &&
        e.reason === 'NotAcceptable' &&
        e.message === 'only the following media types are accepted: application/json, application/yaml, application/vnd.orch.protobuf',
      accept,
    );
  }
  assert.throws(() => negotiateOutput('application/vnd.orch.protobuf', { allowTable: true, allowProtobuf: false }), /accepted: application\/json, application\/yaml$/);
});

test('pretty output for pretty=true or for curl, Wget and browsers', () => {
  assert.equal(wantsPretty(undefined, 'true'), true);
  assert.equal(wantsPretty('curl/8.5.0', null), true);
  assert.equal(wantsPretty('Wget/1.21', null), true);
  assert.equal(wantsPretty('Mozilla/5.0 (X11)', null), true);
  assert.equal(wantsPretty('curl/8.5.0', 'false'), false);
  assert.equal(wantsPretty('kubectl/v1.35.0', null), false);
  assert.equal(wantsPretty('kubectl/v1.35.0', 'nonsense'), false);
});

test('an error Status: the first clause naming JSON, YAML or protobuf, watch streams included; else JSON', () => {
  const cases: Array<[string | undefined, string, string]> = [
    [undefined, 'application/json', 'application/json'],
    ['application/vnd.kubernetes.protobuf, application/json', 'application/vnd.orch.protobuf', 'application/vnd.kubernetes.protobuf'],
    ['application/vnd.orch.protobuf;stream=watch, application/json;stream=watch', 'application/vnd.orch.protobuf', 'application/vnd.orch.protobuf'],
    ['application/yaml', 'application/yaml', 'application/yaml'],
    // A transformation cannot carry a Status: the next clause decides.
    ['application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io, application/yaml', 'application/yaml', 'application/yaml'],
    ['application/json;as=Table;v=v1;g=meta.k8s.io', 'application/json', 'application/json'],
    ['application/vnd.orch.protobuf;q=0, text/html', 'application/json', 'application/json'],
  ];
  for (const [accept, mediaType, contentType] of cases) assert.deepEqual(negotiateStatusOutput(accept), { mediaType, contentType }, String(accept));
});
