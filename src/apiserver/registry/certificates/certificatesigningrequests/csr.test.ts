// CertificateSigningRequest strategy and validation without a server: who asked, what each path
// may change, condition timestamps, signer names, the table's condition column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import { base64, makeCsr } from '../../../../../test/support/openssl.ts';
import { validateSignerName } from '../signer-name.ts';
import { errorString } from '../../../../machinery/validation/field-error.ts';
import { certificateSigningRequestApprovalStrategy, certificateSigningRequestStatusStrategy, certificateSigningRequestStrategy } from './strategy.ts';
import { csrCondition } from './table.ts';
import { validateCertificateSigningRequestApprovalUpdate, validateCertificateSigningRequestUpdate } from './validation.ts';

const request = base64(makeCsr('/CN=u').csr);
const csr = (status: CertificateSigningRequest['status'] = {}): CertificateSigningRequest => ({
  metadata: { name: 'c', resourceVersion: '1', labels: { a: 'b' } },
  spec: { request, signerName: 'example.com/s', usages: ['client auth'], username: 'u', groups: ['g'] },
  status,
});

test('a create takes the requester from the request\'s user and empties the status', () => {
  const obj = { ...csr({ conditions: [{ type: 'Approved', status: 'True' }] }), spec: { ...csr().spec, extra: { x: ['y'] } } };
  certificateSigningRequestStrategy.prepareForCreate(obj, { user: { name: 'alice', uid: 'u1', groups: ['dev'], extra: { scopes: ['a'] } } });
  assert.deepEqual([obj.spec.username, obj.spec.uid, obj.spec.groups, obj.spec.extra, obj.status], ['alice', 'u1', ['dev'], { scopes: ['a'] }, {}]);
  const anonymous = csr();
  certificateSigningRequestStrategy.prepareForCreate(anonymous);
  assert.equal(anonymous.spec.username, undefined);
});

test('/approval changes only conditions and stamps them; /status keeps Approved and Denied as stored', () => {
  const stored = csr({ conditions: [{ type: 'Approved', status: 'True', lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }] });
  const approval = { ...csr({ conditions: [{ type: 'Approved', status: 'True' }, { type: 'Custom', status: 'False' }], certificate: 'Y2VydA==' }), spec: { ...csr().spec, signerName: 'x.com/y' } };
  approval.metadata.labels = { changed: 'yes' };
  certificateSigningRequestApprovalStrategy.prepareForUpdate(approval, stored);
  assert.equal(approval.spec.signerName, 'example.com/s');
  assert.equal(approval.status!.certificate, undefined);
  assert.deepEqual(approval.metadata.labels, { a: 'b' });
  assert.equal(approval.status!.conditions![0]!.lastTransitionTime, '2026-01-01T00:00:00Z');
  assert.match(approval.status!.conditions![1]!.lastUpdateTime!, /Z$/);
  const status = csr({ conditions: [{ type: 'Approved', status: 'True', reason: 'changed' }], certificate: 'Y2VydA==' });
  certificateSigningRequestStatusStrategy.prepareForUpdate(status, stored);
  assert.deepEqual(status.status!.conditions, stored.status!.conditions);
  assert.equal(status.status!.certificate, 'Y2VydA==');
});

test('update rules: no removal of Approved, Denied or Failed; approval conditions only through /approval', () => {
  const approved = csr({ conditions: [{ type: 'Approved', status: 'True' }] });
  assert.deepEqual(validateCertificateSigningRequestUpdate(csr({}), approved).map((c) => c.message), ['Forbidden: updates may not remove a condition of type "Approved"']);
  assert.deepEqual(validateCertificateSigningRequestUpdate(approved, csr()).map((c) => c.message), ['Forbidden: updates may not add a condition of type "Approved"']);
  assert.deepEqual(validateCertificateSigningRequestApprovalUpdate(approved, csr()), []);
  const both = csr({ conditions: [{ type: 'Approved', status: 'True' }, { type: 'Denied', status: 'True' }] });
  // A stored object that already has both keeps being accepted.
  assert.deepEqual(validateCertificateSigningRequestApprovalUpdate(both, both), []);
  assert.equal(validateCertificateSigningRequestApprovalUpdate(both, approved).length, 1);
});

test('signer names', () => {
  assert.deepEqual(validateSignerName('orch.io/kube-apiserver-client', 's'), []);
  assert.deepEqual(validateSignerName('example.com/ns.name', 's'), []);
  assert.deepEqual(validateSignerName('localhost/x', 's').map(errorString), ['s: Invalid value: "localhost": should be a domain with at least two segments separated by dots']);
  assert.match(validateSignerName('Example.com/x', 's').map(errorString)[0]!, /^s: Invalid value: "Example.com": validating label "Example": a lowercase RFC 1123 label/);
  assert.deepEqual(validateSignerName('', 's').map(errorString), ['s: Required value']);
});

test('the CONDITION column', () => {
  assert.equal(csrCondition(csr()), 'Pending');
  assert.equal(csrCondition(csr({ conditions: [{ type: 'Approved', status: 'True' }], certificate: 'eA==' })), 'Approved,Issued');
  assert.equal(csrCondition(csr({ conditions: [{ type: 'Approved', status: 'True' }, { type: 'Denied', status: 'True' }, { type: 'Failed', status: 'True' }] })), 'Denied,Failed');
});
