import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { afterReadyComponents, apiserverComponent, type ComponentContext } from './components.ts';
import { dataDirLayout } from './layout.ts';
import { pkiFiles } from './pki.ts';

function context(apiserverArgs: string[] = []): ComponentContext {
  const layout = dataDirLayout('state', '/srv/project');
  return { layout, pki: pkiFiles(layout.pkiDir), port: 7443, apiserverArgs };
}

test('the apiserver runs from bin/ on the embedded store in the data directory, on loopback', () => {
  const apiserver = apiserverComponent(context());
  assert.equal(apiserver.name, 'orch-apiserver');
  assert.ok(existsSync(apiserver.command), apiserver.command);
  assert.deepEqual(apiserver.args, [
    '--data-dir=/srv/project/state',
    '--cert-dir=/srv/project/state/pki',
    '--tls-cert-file=/srv/project/state/pki/apiserver.crt',
    '--tls-private-key-file=/srv/project/state/pki/apiserver.key',
    '--token-auth-file=/srv/project/state/tokens.csv',
    '--authorization-mode=Node,RBAC',
    '--service-account-issuer=https://orch.default.svc.cluster.local',
    '--service-account-signing-key-file=/srv/project/state/pki/sa.key',
    '--service-account-key-file=/srv/project/state/pki/sa.pub',
    '--bind-address=127.0.0.1',
    '--secure-port=7443',
    '--service-cluster-ip-range=10.96.0.0/12',
    '--allow-privileged=true',
    '--nodeagent-certificate-authority=/srv/project/state/pki/ca.crt',
    '--nodeagent-client-certificate=/srv/project/state/pki/apiserver-nodeagent-client.crt',
    '--nodeagent-client-key=/srv/project/state/pki/apiserver-nodeagent-client.key',
    '--nodeagent-preferred-address-types=InternalIP,ExternalIP,Hostname',
    '--requestheader-client-ca-file=/srv/project/state/pki/front-proxy-ca.crt',
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-username-headers=X-Remote-User',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    '--proxy-client-cert-file=/srv/project/state/pki/front-proxy-client.crt',
    '--proxy-client-key-file=/srv/project/state/pki/front-proxy-client.key',
  ]);
});

test('flags after -- come last and replace the defaults of the same name', () => {
  const apiserver = apiserverComponent(context(['--kvstore-servers', 'http://127.0.0.1:2379', '-v=4']));
  assert.equal(apiserver.args.filter((a) => a.startsWith('--kvstore-servers')).length, 1);
  assert.deepEqual(apiserver.args.slice(-3), ['--kvstore-servers', 'http://127.0.0.1:2379', '-v=4']);
  assert.ok(apiserver.args.includes('--secure-port=7443'));
});

test('once the apiserver is ready, the controller manager starts with the admin orchconfig and no port', () => {
  const [manager, ...rest] = afterReadyComponents(context());
  assert.deepEqual(rest.map((c) => c.name), ['orch-scheduler', 'orch-nodeagent']);
  assert.equal(manager?.name, 'orch-controller-manager');
  assert.ok(existsSync(manager!.command), manager!.command);
  assert.deepEqual(manager!.args, [
    '--orchconfig=/srv/project/state/orchconfig',
    '--secure-port=0',
    '--root-ca-file=/srv/project/state/pki/ca.crt',
    '--cluster-signing-cert-file=/srv/project/state/pki/ca.crt',
    '--cluster-signing-key-file=/srv/project/state/pki/ca.key',
    '--service-account-private-key-file=/srv/project/state/pki/sa.key',
  ]);
});

test('the scheduler and the node agent start with the manager; --nodes=0 starts no node agent', () => {
  const [, scheduler, agent] = afterReadyComponents({ ...context(), nodes: 3 });
  assert.ok(existsSync(scheduler!.command), scheduler!.command);
  assert.deepEqual(scheduler!.args, ['--orchconfig=/srv/project/state/orchconfig']);
  assert.ok(existsSync(agent!.command), agent!.command);
  assert.deepEqual(agent!.args, [
    '--orchconfig=/srv/project/state/orchconfig',
    '--nodes=3',
    '--port=0',
    '--tls-cert-file=/srv/project/state/pki/nodeagent.crt',
    '--tls-private-key-file=/srv/project/state/pki/nodeagent.key',
    '--client-ca-file=/srv/project/state/pki/ca.crt',
    '--metrics-api-port=0',
    '--metrics-api-ca-file=/srv/project/state/pki/ca.crt',
  ]);
  assert.deepEqual(afterReadyComponents({ ...context(), nodes: 0 }).map((c) => c.name), ['orch-controller-manager', 'orch-scheduler']);
});
