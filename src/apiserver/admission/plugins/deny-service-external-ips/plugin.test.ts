import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { denyServiceExternalIPs } from './plugin.ts';
import { coreAttrs } from '../core-v1/testing.ts';

const svc = (externalIPs?: string[]): Service => ({ metadata: { name: 'web', namespace: 'team' }, spec: { ports: [{ port: 80 }], ...(externalIPs ? { externalIPs } : {}) } });
const refused = { code: 403, message: 'services "web" is forbidden: Use of external IPs is denied by admission control' };

test('a new service may not have external IPs', async () => {
  const plugin = denyServiceExternalIPs();
  await plugin.validate!(coreAttrs('services', svc()));
  await assert.rejects(async () => plugin.validate!(coreAttrs('services', svc(['1.2.3.4']))), refused);
});

test('an update may keep or drop external IPs, never add one', async () => {
  const plugin = denyServiceExternalIPs();
  const old = svc(['1.2.3.4', '5.6.7.8']);
  await plugin.validate!(coreAttrs('services', svc(['5.6.7.8']), { operation: 'UPDATE', oldObject: old }));
  await plugin.validate!(coreAttrs('services', svc([]), { operation: 'UPDATE', oldObject: old }));
  await assert.rejects(async () => plugin.validate!(coreAttrs('services', svc(['1.2.3.4', '9.9.9.9']), { operation: 'UPDATE', oldObject: old })), refused);
});
