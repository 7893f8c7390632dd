// APIService defaults, validation and write rules as Kubernetes has them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { APIService } from '../../../../api/apiregistration/v1/types.ts';
import { apiServiceStatusStrategy, apiServiceStrategy, defaultAPIService } from './strategy.ts';
import { validateAPIService, validateAPIServiceStatusUpdate } from './validation.ts';
import { apiServiceTable } from './table.ts';

const remote = (): APIService => ({
  metadata: { name: 'v1alpha1.wardle.example.com' },
  spec: { group: 'wardle.example.com', version: 'v1alpha1', service: { namespace: 'wardle', name: 'api' }, groupPriorityMinimum: 1000, versionPriority: 15 },
});
const messages = (api: APIService) => validateAPIService(api).map((c) => `${c.field}: ${c.message}`);

test('a service without a port gets 443', () => {
  assert.equal(defaultAPIService(remote()).spec.service!.port, 443);
});

test('valid remote and local APIServices pass; the name must be <version>.<group>', () => {
  assert.deepEqual(messages(defaultAPIService(remote())), []);
  assert.deepEqual(messages({ metadata: { name: 'v1.' }, spec: { group: '', version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 } }), []);
  const wrong = { ...remote(), metadata: { name: 'v1.other' } };
  assert.deepEqual(messages(wrong), ['metadata.name: Invalid value: "v1.other": must be `spec.version+"."+spec.group`: "v1alpha1.wardle.example.com"']);
});

test('ranges, the core group, local fields and the TLS choice are checked', () => {
  const api = remote();
  api.spec.groupPriorityMinimum = 20001;
  api.spec.versionPriority = 0;
  api.spec.service!.port = 0;
  api.spec.insecureSkipTLSVerify = true;
  api.spec.caBundle = Buffer.from('x').toString('base64');
  assert.deepEqual(messages(api), [
    'spec.groupPriorityMinimum: Invalid value: 20001: must be positive and less than 20000',
    'spec.versionPriority: Invalid value: 0: must be positive and less than 1000',
    'spec.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive',
    'spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present',
  ]);
  const local: APIService = { metadata: { name: 'v2.' }, spec: { group: '', version: 'v2', caBundle: Buffer.from('ab').toString('base64'), groupPriorityMinimum: 1, versionPriority: 1 } };
  assert.deepEqual(messages(local), ['spec.group: Required value: only v1 may have an empty group and it better be legacy kube', 'spec.caBundle: Invalid value: "2 bytes": local APIServices may not have a caBundle']);
});

test('a local APIService is Available at creation; updates keep the status, /status keeps the spec', () => {
  const local: APIService = { metadata: { name: 'v1.apps' }, spec: { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 }, status: { conditions: [{ type: 'Available', status: 'False' }] } };
  apiServiceStrategy.prepareForCreate(local);
  assert.deepEqual([local.status!.conditions![0]!.status, local.status!.conditions![0]!.reason], ['True', 'Local']);
  const created = defaultAPIService(remote());
  apiServiceStrategy.prepareForCreate(created);
  assert.deepEqual(created.status, {});
  const old = { ...remote(), status: { conditions: [{ type: 'Available', status: 'True', reason: 'Passed' }] } };
  const update = { ...remote(), status: {} };
  apiServiceStrategy.prepareForUpdate(update, old);
  assert.deepEqual(update.status, old.status);
  const statusUpdate = { ...remote(), spec: { ...remote().spec, versionPriority: 99 }, status: { conditions: [{ type: 'Available', status: 'Maybe' }] } };
  apiServiceStatusStrategy.prepareForUpdate(statusUpdate, old);
  assert.equal(statusUpdate.spec.versionPriority, 15);
  assert.deepEqual(validateAPIServiceStatusUpdate({ ...statusUpdate, metadata: { ...statusUpdate.metadata, resourceVersion: '1' } }, old).map((c) => c.message), ['Unsupported value: "Maybe": supported values: "True", "False", "Unknown"']);
});

test('the table shows the service and the availability with its reason', () => {
  const table = apiServiceTable();
  const api = { ...remote(), status: { conditions: [{ type: 'Available', status: 'False', reason: 'ServiceNotFound' }] } };
  assert.deepEqual(table.row(api).slice(0, 3), ['v1alpha1.wardle.example.com', 'wardle/api', 'False (ServiceNotFound)']);
  assert.deepEqual(table.row({ ...remote(), spec: { ...remote().spec, service: null } }).slice(1, 3), ['Local', 'Unknown']);
});
