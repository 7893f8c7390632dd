// TracingConfiguration checked as Kubernetes checks it, the exporter's URL for each endpoint
// form, and span names built from the request info.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTracingConfig } from './config.ts';
import { exporterUrl } from './provider.ts';
import { spanName } from './with-tracing.ts';

const HEAD = { apiVersion: 'apiserver.config.orch.io/v1', kind: 'TracingConfiguration' };

test('defaults: localhost:4317, no new traces sampled', () => {
  assert.deepEqual(parseTracingConfig(HEAD, 'f'), { endpoint: 'localhost:4317', samplingRatePerMillion: 0 });
  assert.deepEqual(parseTracingConfig({ ...HEAD, endpoint: 'unix:///run/otel.sock', samplingRatePerMillion: 1000000 }, 'f'), { endpoint: 'unix:///run/otel.sock', samplingRatePerMillion: 1000000 });
});

test('bad rates, schemes and kinds are refused with their fields', () => {
  assert.throws(() => parseTracingConfig({ ...HEAD, samplingRatePerMillion: -1 }, 'f'), /samplingRatePerMillion: Invalid value: -1: sampling rate must be positive/);
  assert.throws(() => parseTracingConfig({ ...HEAD, samplingRatePerMillion: 1000001 }, 'f'), /less than or equal to one million/);
  assert.throws(() => parseTracingConfig({ ...HEAD, endpoint: 'http://collector:4317' }, 'f'), /endpoint: Invalid value: "http:\/\/collector:4317": unsupported scheme: http\./);
  assert.throws(() => parseTracingConfig({ ...HEAD, kind: 'EgressSelectorConfiguration' }, 'f'), /expected kind TracingConfiguration/);
});

test('gRPC targets become the exporter URL', () => {
  assert.equal(exporterUrl('localhost:4317'), 'http://localhost:4317');
  assert.equal(exporterUrl('dns:///collector:4317'), 'http://collector:4317');
  assert.equal(exporterUrl('unix:///run/otel.sock'), 'unix:///run/otel.sock');
});

test('span names hide names and namespaces', () => {
  const info = { isResourceRequest: true, path: '', verb: 'get', apiPrefix: 'apis', apiGroup: 'apps', apiVersion: 'v1', namespace: 'ns', resource: 'deployments', subresource: 'scale', name: 'web', parts: [] };
  assert.equal(spanName('GET', info), 'GET /apis/apps/v1/namespaces/{:namespace}/deployments/{:name}/scale');
  assert.equal(spanName('GET', { ...info, apiPrefix: 'api', apiGroup: '', namespace: '', name: '', subresource: '', resource: 'nodes' }), 'GET /api/v1/nodes');
  assert.equal(spanName('GET', { ...info, isResourceRequest: false }), 'GET');
  assert.equal(spanName('GET', undefined), 'GET');
});
