// --audit-policy-file at start-up: a bad or missing file stops the server with one line naming
// the flag, the file and the problem; a Kubernetes policy is accepted as written.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver } from '../support/apiserver.ts';

const servers: TestApiserver[] = [];
after(async () => {
  for (const s of servers) await s.stop();
});

function policyFile(text: string): string {
  const file = join(makeTempDir('orch-audit-policy-'), 'policy.yaml');
  writeFileSync(file, text);
  return file;
}

test('bad policy files are rejected at start-up', async () => {
  const cases: Array<[string, RegExp]> = [
    ['apiVersion: audit.orch.io/v1\nkind: Policy\nrules:\n  - level: Loud\n', /^--audit-policy-file: failed to load policy from file .*policy\.yaml: rules\[0\]\.level: Unsupported value: "Loud"/],
    ['apiVersion: audit.orch.io/v1\nkind: Policy\nrules: []\n', /^--audit-policy-file: failed to load policy from file .*: loaded illegal policy with 0 rules$/],
    ['kind: Policy\nrules: [{ level: None }]\n', /^--audit-policy-file: failed to load policy from file .*: unknown apiVersion ""/],
    ['{ "apiVersion": "audit.orch.io/v1", ', /^--audit-policy-file: failed to load policy from file .*: not valid YAML or JSON/],
  ];
  for (const [text, error] of cases) {
    await assert.rejects(startTestApiserver({ 'audit-policy-file': policyFile(text), 'audit-log-path': '-' }), (err: Error) => {
      assert.match(err.message, error);
      assert.ok(!err.message.includes('\n'), 'one line');
      return true;
    });
  }
  await assert.rejects(startTestApiserver({ 'audit-policy-file': '/nonexistent/policy.yaml' }), /^Error: --audit-policy-file: failed to read policy file \/nonexistent\/policy\.yaml: ENOENT$/);
});

test('a Kubernetes policy (audit.k8s.io/v1, JSON) is accepted; without a backend nothing is audited', async () => {
  const file = policyFile('{"apiVersion":"audit.k8s.io/v1","kind":"Policy","rules":[{"level":"Metadata"}]}');
  const s = await startTestApiserver({ 'audit-policy-file': file });
  servers.push(s);
  const res = await apiRequest(s, '/version', { token: s.token });
  assert.equal(res.status, 200);
  assert.ok(res.headers['audit-id']);
  const metrics = (await apiRequest(s, '/metrics', { token: s.token })).body;
  assert.match(metrics, /^apiserver_audit_event_total 0$/m);
});
