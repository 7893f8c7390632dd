import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendFailure, isSuccessfulBackendStatus } from './backend-errors.ts';

const LOGS = { group: '', resource: 'pods/log' };

test("an agent's failed answer to a log request becomes Kubernetes' Status", () => {
  assert.ok(isSuccessfulBackendStatus(200) && isSuccessfulBackendStatus(206) && !isSuccessfulBackendStatus(302));
  const notFound = backendFailure(404, 'no such container', LOGS, 'web').status;
  assert.deepEqual(
    { code: notFound.code, reason: notFound.reason, message: notFound.message, details: notFound.details },
    { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource ( pods/log web)', details: { group: '', kind: 'pods/log', name: 'web' } },
  );
  assert.equal(backendFailure(400, 'previous terminated container "c" not found', LOGS, 'web').status.message, 'previous terminated container "c" not found');
  assert.equal(backendFailure(500, 'boom', LOGS, 'web').status.message, 'Internal error occurred: boom');
  assert.equal(backendFailure(403, 'Forbidden (user=x, verb=get)', LOGS, 'web').status.message, 'Forbidden (user=x, verb=get) ( pods/log web)');
  const odd = backendFailure(418, 'teapot', LOGS, 'web').status;
  assert.equal(odd.message, 'the server responded with the status code 418 but did not return more information ( pods/log web)');
  assert.equal(odd.reason, undefined);
  assert.equal(backendFailure(502, 'bad "gateway"', LOGS, 'web').status.message, 'an error on the server ("bad \\"gateway\\"") has prevented the request from succeeding ( pods/log web)');
});
