// One case per validation rule of orch-controller-manager's options: each bad input is refused
// with an error naming its option, and a nearby good input is accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controllerManagerFlags } from './controllermanager-flags.ts';
import { parseFlags } from './parse.ts';
import { validateControllerManagerOptions } from './controllermanager-validate.ts';
import { validateNodeLifecycle } from './controllermanager/workload-validate.ts';
import type { ValidationContext } from './validation-context.ts';
import { FeatureGates } from '../component-base/featuregate/feature-gates.ts';

function validate(argv: string[]) {
  const parsed = parseFlags(controllerManagerFlags, argv);
  assert.deepEqual(parsed.errors, [], `parse of ${argv.join(' ')}`);
  return validateControllerManagerOptions(parsed.values);
}

interface Rule {
  rule: string;
  bad: string[];
  error: RegExp;
  good?: string[];
}

const specific = ['--cluster-signing-nodeagent-client-cert-file=n.crt', '--cluster-signing-nodeagent-client-key-file=n.key'];
const general = ['--cluster-signing-cert-file=ca.crt', '--cluster-signing-key-file=ca.key'];

const rules: Rule[] = [
  // Errors section
  { rule: 'the general signing pair excludes a specific signer', bad: [...general, ...specific], error: /^--cluster-signing-nodeagent-client-cert-file, --cluster-signing-nodeagent-client-key-file cannot be given together with --cluster-signing-cert-file or --cluster-signing-key-file/, good: specific },
  { rule: 'the general key alone excludes a specific signer', bad: ['--cluster-signing-key-file=ca.key', '--cluster-signing-legacy-unknown-cert-file=l.crt', '--cluster-signing-legacy-unknown-key-file=l.key'], error: /--cluster-signing-legacy-unknown-cert-file.*cannot be given together with --cluster-signing-key-file/, good: general },
  { rule: 'a signing pair is given whole', bad: ['--cluster-signing-orch-apiserver-client-cert-file=a.crt'], error: /^--cluster-signing-orch-apiserver-client-cert-file and --cluster-signing-orch-apiserver-client-key-file must be given together$/ },
  { rule: '--leader-elect-renew-deadline must be below the lease duration', bad: ['--leader-elect-renew-deadline=15s'], error: /^--leader-elect-renew-deadline 15s must be less than --leader-elect-lease-duration 15s$/, good: ['--leader-elect-renew-deadline=14s'] },
  { rule: 'the renew deadline is not checked without leader election', bad: ['--leader-elect-renew-deadline=20s', '--leader-elect-lease-duration=1s'], error: /must be less than/, good: ['--leader-elect=false', '--leader-elect-renew-deadline=20s', '--leader-elect-lease-duration=1s'] },
  { rule: '--leader-elect-retry-period leaves room under the renew deadline', bad: ['--leader-elect-retry-period=9s'], error: /^--leader-elect-renew-deadline 10s must be greater than 1\.2 times --leader-elect-retry-period 9s$/, good: ['--leader-elect-retry-period=8s'] },
  { rule: '--leader-elect-lease-duration is positive', bad: ['--leader-elect-lease-duration=0s', '--leader-elect-renew-deadline=0s'], error: /^--leader-elect-lease-duration must be a positive duration$/ },
  { rule: '--leader-elect-resource-lock is leases only', bad: ['--leader-elect-resource-lock=endpoints'], error: /^--leader-elect-resource-lock "endpoints" is not supported: only "leases" is$/, good: ['--leader-elect-resource-lock=leases'] },
  { rule: '--leader-elect-resource-name is not empty', bad: ['--leader-elect-resource-name='], error: /^--leader-elect-resource-name must not be empty$/ },
  { rule: '--attach-detach-reconcile-sync-period must exceed one second', bad: ['--attach-detach-reconcile-sync-period=1s'], error: /^--attach-detach-reconcile-sync-period 1s must be larger than one second$/, good: ['--attach-detach-reconcile-sync-period=1001ms'] },
  { rule: '--controllers refuses unknown names', bad: ['--controllers=*,foo'], error: /^--controllers: "foo" is not in the list of known controllers$/, good: ['--controllers=*,-namespace-controller,bootstrap-signer-controller'] },
  { rule: '--controllers refuses unknown disabled names', bad: ['--controllers=-bar-controller'], error: /^--controllers: "-bar-controller" is not in the list/, good: ['--controllers=token-cleaner-controller'] },
  // Node address allocation and cloud
  { rule: '--allocate-node-cidrs requires --cluster-cidr', bad: ['--allocate-node-cidrs'], error: /^--allocate-node-cidrs requires --cluster-cidr$/, good: ['--allocate-node-cidrs', '--cluster-cidr=10.244.0.0/16'] },
  { rule: '--cluster-cidr is a CIDR', bad: ['--allocate-node-cidrs', '--cluster-cidr=10.244.0.0'], error: /^--cluster-cidr: "10\.244\.0\.0" is not a valid CIDR$/, good: ['--allocate-node-cidrs', '--cluster-cidr=10.244.0.0/16,fd00::/56'] },
  { rule: '--service-cluster-ip-range is a CIDR', bad: ['--service-cluster-ip-range=nope'], error: /^--service-cluster-ip-range: "nope" is not a valid CIDR$/ },
  { rule: '--cidr-allocator-type is a known allocator', bad: ['--cidr-allocator-type=Magic'], error: /^--cidr-allocator-type: unsupported CIDR allocator type "Magic"/, good: ['--cidr-allocator-type=CloudAllocator'] },
  { rule: '--node-cidr-mask-size-ipv4 at most 32', bad: ['--node-cidr-mask-size-ipv4=33'], error: /^--node-cidr-mask-size-ipv4 33 must be between 1 and 32$/, good: ['--node-cidr-mask-size-ipv4=26'] },
  { rule: '--cloud-provider is empty or external', bad: ['--cloud-provider=aws'], error: /^--cloud-provider: "aws" is not supported/, good: ['--cloud-provider=external'] },
  { rule: '--external-cloud-volume-plugin only with an external provider', bad: ['--external-cloud-volume-plugin=gce'], error: /^--external-cloud-volume-plugin may only be set when --cloud-provider is "external"$/, good: ['--cloud-provider=external', '--external-cloud-volume-plugin=gce'] },
  // Certificate signing
  { rule: '--cluster-signing-duration is positive', bad: ['--cluster-signing-duration=0s'], error: /^--cluster-signing-duration must be a positive duration$/, good: ['--cluster-signing-duration=24h'] },
  // Autoscaler, node lifecycle, endpoints
  { rule: '--horizontal-pod-autoscaler-tolerance is not negative', bad: ['--horizontal-pod-autoscaler-tolerance=-0.1'], error: /^--horizontal-pod-autoscaler-tolerance must not be negative$/, good: ['--horizontal-pod-autoscaler-tolerance=0'] },
  { rule: '--node-monitor-grace-period exceeds the HTTP/2 ping and read-idle timeouts', bad: ['--node-monitor-grace-period=45s'], error: /^--node-monitor-grace-period 45s must be greater than the sum of HTTP2_PING_TIMEOUT_SECONDS \(15\) and HTTP2_READ_IDLE_TIMEOUT_SECONDS \(30\) seconds$/, good: ['--node-monitor-grace-period=46s'] },
  { rule: '--unhealthy-zone-threshold is a fraction', bad: ['--unhealthy-zone-threshold=1.5'], error: /^--unhealthy-zone-threshold 1\.5 must be greater than 0 and at most 1$/, good: ['--unhealthy-zone-threshold=1'] },
  { rule: '--node-eviction-rate is not negative', bad: ['--node-eviction-rate=-1'], error: /^--node-eviction-rate can not be negative value$/ },
  { rule: '--max-endpoints-per-slice between 1 and 1000', bad: ['--max-endpoints-per-slice=1001'], error: /^--max-endpoints-per-slice 1001 must be between 1 and 1000$/, good: ['--max-endpoints-per-slice=1000'] },
  { rule: 'concurrency is not negative', bad: ['--concurrent-gc-syncs=-1'], error: /^--concurrent-gc-syncs can not be negative value$/, good: ['--concurrent-gc-syncs=0'] },
  // Periods and API client
  { rule: '--min-resync-period is positive', bad: ['--min-resync-period=0s'], error: /^--min-resync-period must be a positive duration$/, good: ['--min-resync-period=1m'] },
  { rule: '--orch-api-qps is not negative', bad: ['--orch-api-qps=-1'], error: /^--orch-api-qps must not be negative$/, good: ['--orch-api-qps=0'] },
  { rule: '--orch-api-burst is at least 1 with a positive qps', bad: ['--orch-api-burst=0'], error: /^--orch-api-burst must be at least 1/, good: ['--orch-api-burst=1'] },
  { rule: '--orch-api-content-type is JSON or protobuf', bad: ['--orch-api-content-type=application/yaml'], error: /^--orch-api-content-type "application\/yaml" invalid/, good: ['--orch-api-content-type=application/json'] },
  { rule: '--master is a URL or host:port', bad: ['--master=ftp://x'], error: /^--master "ftp:\/\/x" is not a valid URL/, good: ['--master=127.0.0.1:6443'] },
  { rule: '--controller-shutdown-timeout is not negative', bad: ['--controller-shutdown-timeout=-1s'], error: /^--controller-shutdown-timeout can not be negative value$/ },
  // Serving and authentication
  { rule: '--secure-port 0 turns HTTPS off; above 65535 is refused', bad: ['--secure-port=70000'], error: /^--secure-port 70000 must be between 0 and 65535, inclusive\. 0 for turning off secure port$/, good: ['--secure-port=0'] },
  { rule: 'shared serving rules apply', bad: ['--tls-cert-file=a.crt'], error: /^--tls-cert-file and --tls-private-key-file must be given together$/, good: ['--tls-cert-file=a.crt', '--tls-private-key-file=a.key'] },
  { rule: '--authorization-always-allow-paths are absolute', bad: ['--authorization-always-allow-paths=healthz'], error: /^--authorization-always-allow-paths: "healthz" must begin with "\/"$/, good: ['--authorization-always-allow-paths=/healthz,/metrics'] },
  { rule: '--requestheader-uid-headers needs RemoteRequestHeaderUID', bad: ['--requestheader-uid-headers=X-Remote-Uid', '--feature-gates=RemoteRequestHeaderUID=false'], error: /^--requestheader-uid-headers requires the RemoteRequestHeaderUID feature/, good: ['--requestheader-uid-headers=X-Remote-Uid', '--feature-gates=RemoteRequestHeaderUID=true'] },
  { rule: '--logging-format is text', bad: ['--logging-format=json'], error: /^--logging-format: Unsupported value: "json"/ },
  { rule: '--emulated-version between 1.32 and 1.35', bad: ['--emulated-version=1.31'], error: /emulation version 1\.31 is not between \[1\.32, 1\.35\]/, good: ['--emulated-version=1.32', '--min-compatibility-version=1.32'] },
];

for (const r of rules) {
  test(`rule: ${r.rule}`, () => {
    const bad = validate(r.bad);
    assert.ok(bad.errors.some((e) => r.error.test(e)), `expected ${r.error} in ${JSON.stringify(bad.errors)}`);
    if (r.good) assert.deepEqual(validate(r.good).errors, [], `good input ${r.good.join(' ')}`);
  });
}

test('the defaults are valid and give no warnings', () => {
  assert.deepEqual(validate([]), { errors: [], warnings: [], gates: validate([]).gates });
});

test('--node-monitor-grace-period honours HTTP2_* timeouts from the environment', () => {
  const ctx: ValidationContext = { values: { 'node-monitor-grace-period': 50_000 }, given: new Set(), gates: new FeatureGates(), errors: [], warnings: [] };
  validateNodeLifecycle(ctx, { HTTP2_PING_TIMEOUT_SECONDS: '30', HTTP2_READ_IDLE_TIMEOUT_SECONDS: '30' });
  assert.match(ctx.errors[0] ?? '', /must be greater than the sum of HTTP2_PING_TIMEOUT_SECONDS \(30\)/);
});

test('every option is implemented, so none warns that it is not; CIDRs without allocation warn', () => {
  const r = validate(['--concurrent-device-taint-eviction-syncs=3', '--concurrent-device-taint-eviction-syncs=4', '--enable-leader-migration', '--service-cluster-ip-range=10.0.0.0/16']);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.warnings, ['--service-cluster-ip-range is used only when --allocate-node-cidrs is true; it is ignored']);
});
