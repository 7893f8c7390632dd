// CertificateSigningRequests with the real kubectl: a request made from a key generated with
// openssl is created with `kubectl apply -f`, approved with `kubectl certificate approve`,
// another denied with `kubectl certificate deny`, and `kubectl get csr` shows NAME AGE
// SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION with Approved and Denied. kubectl's certificate
// command handles only certificates.k8s.io objects and resolves a bare name through the first
// group in discovery with certificatesigningrequests, which for this group is the Kubernetes name:
// a bare name works, and so does the name qualified with certificates.k8s.io.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';
import { base64, makeCsr } from '../support/openssl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

function manifest(name: string, subject: string, expirationSeconds?: number): string {
  return `apiVersion: certificates.orch.io/v1
kind: CertificateSigningRequest
metadata:
  name: ${name}
spec:
  request: ${base64(makeCsr(subject, 'rsa').csr)}
  signerName: orch.io/kube-apiserver-client
${expirationSeconds ? `  expirationSeconds: ${expirationSeconds}\n` : ''}  usages:
  - digital signature
  - key encipherment
  - client auth
`;
}

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

test('kubectl creates, approves and denies certificate signing requests; get csr shows the outcome', { skip }, async () => {
  assert.match(await ok(['apply', '-f', k.file('alice.yaml', manifest('alice', '/CN=alice/O=dev', 86400))]), /certificatesigningrequest\.certificates\.orch\.io\/alice created/);
  assert.match(await ok(['create', '-f', k.file('bob.yaml', manifest('bob', '/CN=bob'))]), /certificatesigningrequest\.certificates\.orch\.io\/bob created/);
  const pending = (await ok(['get', 'csr'])).trimEnd().split('\n');
  assert.match(pending[0]!, /^NAME\s+AGE\s+SIGNERNAME\s+REQUESTOR\s+REQUESTEDDURATION\s+CONDITION$/);
  assert.match(pending.find((l) => l.startsWith('alice'))!, /^alice\s+\d+s\s+orch\.io\/kube-apiserver-client\s+admin\s+24h\s+Pending$/);

  assert.match(await ok(['certificate', 'approve', 'alice']), /certificatesigningrequest\.certificates\.k8s\.io\/alice approved/);
  assert.match(await ok(['certificate', 'deny', 'certificatesigningrequest.certificates.k8s.io/bob']), /certificatesigningrequest\.certificates\.k8s\.io\/bob denied/);
  const decided = (await ok(['get', 'csr'])).trimEnd().split('\n');
  assert.match(decided.find((l) => l.startsWith('alice'))!, /\s+Approved$/);
  assert.match(decided.find((l) => l.startsWith('bob'))!, /\s+<none>\s+Denied$/);
  const reason = await ok(['get', 'csr', 'alice', '-o', 'jsonpath={.status.conditions[0].type}/{.status.conditions[0].reason}']);
  assert.equal(reason, 'Approved/KubectlApprove');

  // A denied request cannot be approved as well.
  const both = await k.run(['certificate', 'approve', 'certificatesigningrequest.certificates.k8s.io/bob']);
  assert.notEqual(both.code, 0);
  assert.match(both.stderr, /Approved and Denied conditions are mutually exclusive|is already Denied/);
});

test('a system:masters request to orch.io/kube-apiserver-client is refused', { skip }, async () => {
  const r = await k.run(['apply', '-f', k.file('root.yaml', manifest('root', '/CN=root/O=system:masters'))]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /use of orch\.io\/kube-apiserver-client signer with system:masters group is not allowed/);
});
