import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNodeAgentOptions, nodeAgentHelp } from './nodeagent-command.ts';
import { loadSchedulerOptions, schedulerHelp } from './scheduler-command.ts';

const serving = ['--tls-cert-file=/p/a.crt', '--tls-private-key-file=/p/a.key', '--client-ca-file=/p/ca.crt'];

test('orch-nodeagent: defaults as the node agent has them, every node on loopback', () => {
  const loaded = loadNodeAgentOptions(['--orchconfig=/p/orchconfig', ...serving]);
  assert.equal(loaded.kind, 'run');
  if (loaded.kind !== 'run') return;
  const o = loaded.options;
  assert.deepEqual([o.nodes, o.nodeNamePrefix, o.nodeIP, o.maxPods, o.port], [1, 'orch-node-', '127.0.0.1', 110, 10250]);
  assert.deepEqual(o.capacity, { cpu: '4', memory: '16Gi', 'ephemeral-storage': '100Gi' });
  assert.deepEqual([o.statusUpdateMs, o.statusReportMs, o.leaseDurationSeconds, o.containerStartMs, o.containerRunMs], [10_000, 300_000, 40, 100, 1000]);
  assert.equal(o.removeNotReadyTaint, false);
  assert.equal(o.firstNodeNumber, 1);
  assert.match(nodeAgentHelp(), /--node-status-report-frequency duration/);
});

test('orch-nodeagent: refuses what it cannot run with, naming the option', () => {
  const errors = (args: string[]) => {
    const loaded = loadNodeAgentOptions(args);
    return loaded.kind === 'exit' ? loaded.stderr : '';
  };
  assert.match(errors(['--orchconfig=/p/c']), /--tls-cert-file, --tls-private-key-file, --client-ca-file must be given/);
  assert.match(errors(serving), /neither --orchconfig nor --master was specified/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--nodes=256']), /--nodes must be between 0 and 255/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--node-capacity=cpu=lots']), /--node-capacity cpu=lots/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--node-ip=host']), /--node-ip "host" is not an IP address/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--port=65535', '--nodes=2']), /--port 65535 leaves no port for every node/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--first-node-number=0']), /--first-node-number 0 with --nodes 1 must number the nodes from 1 to 255/);
  assert.match(errors(['--orchconfig=/p/c', ...serving, '--first-node-number=250', '--nodes=10']), /--first-node-number 250 with --nodes 10/);
  assert.equal(errors(['--orchconfig=/p/c', ...serving, '--first-node-number=246', '--nodes=10']), '', 'nodes 246 to 255 fit');
});

test('orch-scheduler: default-scheduler, back-off from 1 s to 10 s, and its rules', () => {
  const loaded = loadSchedulerOptions(['--orchconfig=/p/orchconfig']);
  assert.equal(loaded.kind, 'run');
  if (loaded.kind !== 'run') return;
  assert.deepEqual([loaded.options.schedulerName, loaded.options.parallelism, loaded.options.initialBackoffMs, loaded.options.maxBackoffMs, loaded.options.maxUnschedulableMs], ['default-scheduler', 16, 1000, 10_000, 300_000]);
  const refused = loadSchedulerOptions(['--orchconfig=/p/c', '--pod-initial-backoff-seconds=5', '--pod-max-backoff-seconds=2']);
  assert.equal(refused.kind, 'exit');
  assert.match(refused.kind === 'exit' ? refused.stderr : '', /--pod-max-backoff-seconds must be at least --pod-initial-backoff-seconds/);
  assert.match(schedulerHelp(), /--scheduler-name string/);
});
