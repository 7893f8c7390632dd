import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorBody, invalid, invalidObject, notSupported, required, tooLong, forbidden, toStatusCauses } from './field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from './names.ts';
import { TOTAL_ANNOTATION_SIZE_LIMIT_BYTES, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { goQuote } from './go-format.ts';

test('messages are worded as Kubernetes words them', () => {
  assert.equal(errorBody(required('eventTime')), 'Required value');
  assert.equal(errorBody(required('metadata.name', 'name or generateName is required')), 'Required value: name or generateName is required');
  assert.equal(errorBody(invalid('reason', 'x', 'bad')), 'Invalid value: "x": bad');
  assert.equal(errorBody(invalid('count', 3, 'field is immutable')), 'Invalid value: 3: field is immutable');
  assert.equal(errorBody(invalid('related', null, 'field is immutable')), 'Invalid value: null: field is immutable');
  assert.equal(errorBody(invalid('x', { Kind: 'Pod' }, 'd')), 'Invalid value: {"Kind":"Pod"}: d');
  assert.equal(errorBody(notSupported('type', 'Other', ['Normal', 'Warning'])), 'Unsupported value: "Other": supported values: "Normal", "Warning"');
  assert.equal(errorBody(tooLong('metadata.annotations', 262144)), 'Too long: may not be more than 262144 bytes');
  assert.equal(errorBody(tooLong('x', 1)), 'Too long: may not be more than 1 byte');
  assert.equal(errorBody(forbidden('metadata.namespace', 'not allowed on this type')), 'Forbidden: not allowed on this type');
});

test('Go-style quoting of values', () => {
  assert.equal(goQuote('a"b\\c\n'), '"a\\"b\\\\c\\n"');
  assert.equal(goQuote('\x00é'), '"\\x00é"');
  assert.equal(goQuote('\u200b'), '"\\u200b"');
});

test('invalidObject builds one 422 with a cause per error', () => {
  const err = invalidObject({ group: 'events.orch.io', kind: 'Event' }, 'e1', [required('eventTime'), invalid('reason', '', 'x')]);
  assert.equal(err.code, 422);
  assert.equal(err.status.message, 'Event.events.orch.io "e1" is invalid: [eventTime: Required value, reason: Invalid value: "": x]');
  assert.deepEqual(err.status.details?.causes, [
    { reason: 'FieldValueRequired', message: 'Required value', field: 'eventTime' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "": x', field: 'reason' },
  ]);
});

test('DNS-1123 labels and subdomains', () => {
  assert.deepEqual(isDNS1123Label('my-name'), []);
  assert.deepEqual(isDNS1123Label('a'.repeat(63)), []);
  assert.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.deepEqual(isDNS1123Label('a.b'), ['must not contain dots']);
  assert.deepEqual(isDNS1123Label('My'), [
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(isDNS1123Subdomain('a.b-c'), []);
  assert.deepEqual(isDNS1123Subdomain(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`), []);
  assert.equal(isDNS1123Subdomain('a'.repeat(254)).length, 1);
  assert.deepEqual(isDNS1123Subdomain('-a'), [
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
  assert.deepEqual(nameIsDNSSubdomain('web-', true), [], 'a generateName may end in a dash');
  assert.equal(nameIsDNSSubdomain('web-', false).length, 1);
});

test('qualified names and label values', () => {
  assert.deepEqual(isQualifiedName('orch.io/my-controller'), []);
  assert.deepEqual(isQualifiedName('a'.repeat(63)), []);
  assert.deepEqual(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 characters']);
  assert.deepEqual(isQualifiedName('/a'), ['prefix part must be non-empty']);
  assert.equal(isQualifiedName('').length, 2, 'empty: non-empty and regex');
  assert.match(isQualifiedName('Bad_/x')[0]!, /^prefix part a lowercase RFC 1123 subdomain/);
  assert.match(isQualifiedName('a/b/c')[0]!, /^a qualified name must consist of .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
  assert.deepEqual(isValidLabelValue(''), []);
  assert.deepEqual(isValidLabelValue('v'.repeat(63)), []);
  assert.deepEqual(isValidLabelValue('v'.repeat(64)), ['must be no more than 63 characters']);
  assert.equal(isValidLabelValue('-x').length, 1);
});

test('validateObjectMeta: name, namespace, labels, annotations', () => {
  const ok = validateObjectMeta({ name: 'e1', namespace: 'default', labels: { a: 'b' }, annotations: { 'x/y': 'z' } }, true, nameIsDNSSubdomain);
  assert.deepEqual(ok, []);
  const none = toStatusCauses(validateObjectMeta({ namespace: 'default' }, true, nameIsDNSSubdomain));
  assert.deepEqual(none, [{ reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' }]);
  const noNs = toStatusCauses(validateObjectMeta({ name: 'a' }, true, nameIsDNSSubdomain));
  assert.deepEqual(noNs, [{ reason: 'FieldValueRequired', message: 'Required value', field: 'metadata.namespace' }]);
  const clusterNs = toStatusCauses(validateObjectMeta({ name: 'a', namespace: 'x' }, false, nameIsDNSSubdomain));
  assert.deepEqual(clusterNs, [{ reason: 'FieldValueForbidden', message: 'Forbidden: not allowed on this type', field: 'metadata.namespace' }]);
  const badNs = validateObjectMeta({ name: 'a', namespace: 'a.b' }, true, nameIsDNSSubdomain);
  assert.equal(badNs[0]!.field, 'metadata.namespace');
  const badName = toStatusCauses(validateObjectMeta({ name: 'A', namespace: 'd' }, true, nameIsDNSSubdomain));
  assert.equal(badName[0]!.field, 'metadata.name');
  assert.match(badName[0]!.message!, /^Invalid value: "A": a lowercase RFC 1123 subdomain/);
  const badLabel = toStatusCauses(validateObjectMeta({ name: 'a', namespace: 'd', labels: { '-k': '-v' } }, true, nameIsDNSSubdomain));
  assert.deepEqual(badLabel.map((c) => [c.field, c.message!.slice(0, 21)]), [
    ['metadata.labels', 'Invalid value: "-k": '],
    ['metadata.labels', 'Invalid value: "-v": '],
  ]);
  const badGen = validateObjectMeta({ name: 'a', namespace: 'd', generateName: 'Bad-' }, true, nameIsDNSSubdomain);
  assert.equal(badGen[0]!.field, 'metadata.generateName');
});

test('annotations: case-insensitive keys, 256 KiB total', () => {
  const key = 'k';
  const atLimit = { [key]: 'v'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_BYTES - key.length) };
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', annotations: atLimit }, true, nameIsDNSSubdomain), []);
  const past = { [key]: 'v'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_BYTES - key.length + 1) };
  assert.deepEqual(toStatusCauses(validateObjectMeta({ name: 'a', namespace: 'd', annotations: past }, true, nameIsDNSSubdomain)), [
    { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 262144 bytes', field: 'metadata.annotations' },
  ]);
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', annotations: { 'Example.COM/Key': '' } }, true, nameIsDNSSubdomain), []);
});

test('ownerReferences and finalizers', () => {
  const errs = toStatusCauses(
    validateObjectMeta({ name: 'a', namespace: 'd', ownerReferences: [{ apiVersion: '', kind: 'Pod', name: 'p', uid: 'u' }], finalizers: ['bare', 'orch.io/x', 'orphan'] }, true, nameIsDNSSubdomain),
  );
  assert.deepEqual(errs, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "": version must not be empty', field: 'metadata.ownerReferences.apiVersion' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "bare": name is neither a standard finalizer name nor is it fully qualified', field: 'metadata.finalizers[0]' },
  ]);
});

test('validateObjectMetaUpdate: immutable identity fields', () => {
  const old = { name: 'a', namespace: 'd', uid: 'u1', resourceVersion: '5', creationTimestamp: '2026-01-01T00:00:00Z' };
  assert.deepEqual(validateObjectMetaUpdate({ ...old, labels: { x: 'y' } }, old), []);
  const errs = toStatusCauses(validateObjectMetaUpdate({ ...old, name: 'b', uid: 'u2', creationTimestamp: '2026-01-02T00:00:00Z' }, old));
  assert.deepEqual(errs, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "b": field is immutable', field: 'metadata.name' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "u2": field is immutable', field: 'metadata.uid' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "2026-01-02T00:00:00Z": field is immutable', field: 'metadata.creationTimestamp' },
  ]);
  const noRv = toStatusCauses(validateObjectMetaUpdate({ ...old, resourceVersion: '' }, old));
  assert.deepEqual(noRv, [{ reason: 'FieldValueInvalid', message: 'Invalid value: "": must be specified for an update', field: 'metadata.resourceVersion' }]);
  const deleting = { ...old, deletionTimestamp: '2026-01-03T00:00:00Z', finalizers: ['a.io/x'] };
  const fin = validateObjectMetaUpdate({ ...deleting, finalizers: ['a.io/x', 'a.io/y'] }, deleting);
  assert.equal(fin[0]!.field, 'metadata.finalizers');
  assert.equal(fin[0]!.type, 'FieldValueForbidden');
});
