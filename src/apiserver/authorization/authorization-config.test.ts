import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuthorizationConfiguration, parseAuthorizationConfiguration } from './authorization-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-authz-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const KUBECONFIG = '/etc/orch/authz-webhook.orchconfig';
const webhook = (over: Record<string, unknown> = {}) => ({
  timeout: '3s',
  authorizedTTL: '5m',
  unauthorizedTTL: '30s',
  subjectAccessReviewVersion: 'v1',
  matchConditionSubjectAccessReviewVersion: 'v1',
  failurePolicy: 'Deny',
  connectionInfo: { type: 'KubeConfigFile', kubeConfigFile: KUBECONFIG },
  ...over,
});
const config = (authorizers: unknown[], apiVersion = 'apiserver.config.orch.io/v1') => ({ apiVersion, kind: 'AuthorizationConfiguration', authorizers });
const parse = (doc: unknown) => parseAuthorizationConfiguration(doc, 'cfg');

test('a chain of modes and a webhook with its own cache, timeout, version and failure policy', () => {
  const parsed = parse(config([{ type: 'Node', name: 'node' }, { type: 'Webhook', name: 'policy.example.com', webhook: webhook() }, { type: 'RBAC', name: 'rbac' }]));
  assert.deepEqual(parsed, [
    { type: 'Node', name: 'node' },
    {
      type: 'Webhook',
      name: 'policy.example.com',
      webhook: { timeoutMs: 3000, authorizedTTLms: 300_000, unauthorizedTTLms: 30_000, version: 'v1', failureDecision: 'deny', kubeConfigFile: KUBECONFIG, matchConditions: [] },
    },
    { type: 'RBAC', name: 'rbac' },
  ]);
  // NoOpinion failure policy, v1beta1 reviews, caching turned off per decision.
  const [w] = parse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ failurePolicy: 'NoOpinion', subjectAccessReviewVersion: 'v1beta1', cacheAuthorizedRequests: false, authorizedTTL: '0s', cacheUnauthorizedRequests: false, unauthorizedTTL: undefined }) }]));
  assert.deepEqual(w!.webhook, { timeoutMs: 3000, authorizedTTLms: 0, unauthorizedTTLms: 0, version: 'v1beta1', failureDecision: 'noOpinion', kubeConfigFile: KUBECONFIG, matchConditions: [] });
  const [m] = parse(config([{ type: 'Webhook', name: 'm', webhook: webhook({ matchConditions: [{ expression: "request.user != 'admin'" }] }) }]));
  assert.deepEqual(m!.webhook!.matchConditions, [{ expression: "request.user != 'admin'" }]);
  // Older versions of the file are read the same; two webhooks may coexist.
  assert.equal(parse(config([{ type: 'Webhook', name: 'a', webhook: webhook() }, { type: 'Webhook', name: 'b', webhook: webhook() }], 'apiserver.config.orch.io/v1beta1')).length, 2);
});

test('refusals name every problem as field errors in one line', () => {
  const refuse = (doc: unknown, ...want: string[]) =>
    assert.throws(
      () => parse(doc),
      (err: Error) => {
        for (const w of want) assert.ok(err.message.includes(w), `${JSON.stringify(w)} not in ${err.message}`);
        return err.message.startsWith('cfg: ') && !err.message.includes('\n');
      },
    );
  refuse(config([]), 'authorizers: Required value: at least one authorization mode must be defined');
  refuse(config([{ name: 'x' }]), 'authorizers[0].type: Required value');
  refuse(config([{ type: 'Magic', name: 'x' }]), 'authorizers[0].type: Unsupported value: "Magic"');
  refuse(config([{ type: 'RBAC', name: 'a' }, { type: 'RBAC', name: 'b' }]), 'authorizers[1].type: Duplicate value: "RBAC"');
  refuse(config([{ type: 'RBAC' }]), 'authorizers[0].name: Required value');
  refuse(config([{ type: 'RBAC', name: 'Not_A_Name' }]), 'authorizers[0].name: Invalid value: "Not_A_Name"');
  refuse(config([{ type: 'Webhook', name: 'same', webhook: webhook() }, { type: 'Webhook', name: 'same', webhook: webhook() }]), 'authorizers[1].name: Duplicate value: "same"');
  refuse(config([{ type: 'Webhook', name: 'w' }]), 'authorizers[0].webhook: Required value');
  refuse(config([{ type: 'RBAC', name: 'r', webhook: webhook() }]), 'authorizers[0].webhook: Invalid value: "<non-nil>": non-null webhook config is only allowed when type is Webhook');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ timeout: undefined }) }]), 'authorizers[0].webhook.timeout: Required value');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ timeout: '31s' }) }]), 'authorizers[0].webhook.timeout: Invalid value: "31s": must be > 0s and <= 30s');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ timeout: 'soon' }) }]), 'authorizers[0].webhook.timeout: Invalid value: "soon"');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ authorizedTTL: undefined }) }]), 'authorizers[0].webhook.authorizedTTL: Required value');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ unauthorizedTTL: '0s' }) }]), 'authorizers[0].webhook.unauthorizedTTL: Required value');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ subjectAccessReviewVersion: 'v2' }) }]), 'authorizers[0].webhook.subjectAccessReviewVersion: Unsupported value: "v2": supported values: "v1", "v1beta1"');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ failurePolicy: 'Allow' }) }]), 'authorizers[0].webhook.failurePolicy: Unsupported value: "Allow"');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ connectionInfo: { type: 'KubeConfigFile', kubeConfigFile: 'relative.yaml' } }) }]), 'authorizers[0].webhook.connectionInfo.kubeConfigFile: Invalid value: "relative.yaml": must be an absolute path');
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ connectionInfo: {} }) }]), 'authorizers[0].webhook.connectionInfo.type: Required value');
  refuse(
    config([{ type: 'Webhook', name: 'w', webhook: webhook({ matchConditionSubjectAccessReviewVersion: undefined, matchConditions: [{ expression: 'request.user ==' }, { expression: 'object.x' }, {}, { expression: 'true' }, { expression: 'true' }] }) }]),
    'authorizers[0].webhook.matchConditionSubjectAccessReviewVersion: Required value: required if match conditions are specified',
    'authorizers[0].webhook.matchConditions[0].expression: Invalid value: "request.user ==": compilation failed:',
    'authorizers[0].webhook.matchConditions[1].expression: Invalid value: "object.x": compilation failed: Unknown variable: object',
    'authorizers[0].webhook.matchConditions[2].expression: Required value',
    'authorizers[0].webhook.matchConditions[4].expression: Duplicate value: "true"',
  );
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ matchConditionSubjectAccessReviewVersion: 'v1beta1' }) }]), 'authorizers[0].webhook.matchConditionSubjectAccessReviewVersion: Unsupported value: "v1beta1"');
  // Several problems at once are all reported.
  refuse(config([{ type: 'Webhook', name: 'w', webhook: webhook({ timeout: '0s', failurePolicy: '' }) }, { type: 'Node' }]), 'webhook.timeout', 'webhook.failurePolicy', 'authorizers[1].name');
});

test('the wrong kind or apiVersion is refused before the fields are read', () => {
  assert.throws(() => parse(config([{ type: 'RBAC', name: 'r' }], 'apiserver.config.orch.io/v2')), /cfg: expected kind AuthorizationConfiguration of apiserver.config.orch.io\/v1, got AuthorizationConfiguration apiserver.config.orch.io\/v2/);
  assert.throws(() => parse({ apiVersion: 'apiserver.config.orch.io/v1', kind: 'AuthenticationConfiguration' }), /got AuthenticationConfiguration/);
  assert.throws(() => parse('a string'), /cfg: not an AuthorizationConfiguration document/);
});

test('files: YAML read from disk; a missing file names the flag and the path', () => {
  const file = join(dir, 'authz.yaml');
  writeFileSync(file, ['apiVersion: apiserver.config.orch.io/v1', 'kind: AuthorizationConfiguration', 'authorizers:', '- type: Node', '  name: node', '- type: RBAC', '  name: rbac', ''].join('\n'));
  assert.deepEqual(loadAuthorizationConfiguration(file).map((a) => a.type), ['Node', 'RBAC']);
  assert.throws(() => loadAuthorizationConfiguration(join(dir, 'nope.yaml')), /--authorization-config .*nope.yaml: ENOENT/);
  writeFileSync(file, 'authorizers: [');
  assert.throws(() => loadAuthorizationConfiguration(file), /--authorization-config /);
});
