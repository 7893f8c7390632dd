// One case per validation rule of orch-apiserver's options: each bad input is refused with an
// error naming its option, and a nearby good input is accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { apiserverFlags } from './apiserver-flags.ts';
import { parseFlags } from './parse.ts';
import { validateApiserverOptions } from './apiserver-validate.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-options-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const jwtConfig = file('authn-jwt.yaml', 'apiVersion: apiserver.config.orch.io/v1\nkind: AuthenticationConfiguration\njwt:\n- issuer: {url: "https://issuer.example.com", audiences: [x]}\n');
const anonConfig = file('authn-anon.yaml', 'apiVersion: apiserver.config.orch.io/v1\nkind: AuthenticationConfiguration\nanonymous:\n  enabled: true\n');

function validate(argv: string[]) {
  const parsed = parseFlags(apiserverFlags, argv);
  assert.deepEqual(parsed.errors, [], `parse of ${argv.join(' ')}`);
  return validateApiserverOptions(parsed.values);
}

interface Rule {
  rule: string;
  bad: string[];
  error: RegExp;
  good?: string[];
}

const rules: Rule[] = [
  // Serving and network
  { rule: '--secure-port 0 is refused', bad: ['--secure-port', '0'], error: /^--secure-port 0 must be between 1 and 65535, inclusive\. It cannot be turned off with 0$/, good: ['--secure-port', '1'] },
  { rule: '--secure-port above 65535 is refused', bad: ['--secure-port=70000'], error: /^--secure-port 70000 must be between 1 and 65535/, good: ['--secure-port=65535'] },
  { rule: '--bind-address must be an IP', bad: ['--bind-address=localhost'], error: /for "--bind-address" flag: failed to parse IP: "localhost"/, good: ['--bind-address=::'] },
  { rule: '--advertise-address must be an IP', bad: ['--advertise-address=10.0.0'], error: /for "--advertise-address" flag: failed to parse IP/, good: ['--advertise-address=10.0.0.1'] },
  { rule: '--tls-cert-file needs --tls-private-key-file', bad: ['--tls-cert-file=a.crt'], error: /^--tls-cert-file and --tls-private-key-file must be given together$/, good: ['--tls-cert-file=a.crt', '--tls-private-key-file=a.key'] },
  { rule: '--tls-private-key-file needs --tls-cert-file', bad: ['--tls-private-key-file=a.key'], error: /^--tls-cert-file and --tls-private-key-file/ },
  { rule: '--tls-sni-cert-key wants cert,key[:patterns]', bad: ['--tls-sni-cert-key=only.crt'], error: /for "--tls-sni-cert-key" flag: expected comma separated certificate and key/, good: ['--tls-sni-cert-key', 'a.crt,a.key:*.example.com,example.com', '--tls-sni-cert-key', 'b.crt,b.key'] },
  { rule: '--tls-min-version takes the four TLS versions', bad: ['--tls-min-version=TLS12'], error: /^--tls-min-version: unknown tls version "TLS12"/, good: ['--tls-min-version=VersionTLS12'] },
  { rule: '--tls-cipher-suites refuses unknown suites', bad: ['--tls-cipher-suites=TLS_FAKE'], error: /^--tls-cipher-suites: cipher suite TLS_FAKE not supported or doesn't exist$/, good: ['--tls-cipher-suites=TLS_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'] },
  { rule: '--tls-cipher-suites cannot be given with VersionTLS13', bad: ['--tls-min-version=VersionTLS13', '--tls-cipher-suites=TLS_AES_128_GCM_SHA256'], error: /^--tls-cipher-suites cannot be given when --tls-min-version is VersionTLS13/, good: ['--tls-min-version=VersionTLS13'] },
  { rule: '--http2-max-streams-per-connection is not negative', bad: ['--http2-max-streams-per-connection=-1'], error: /^--http2-max-streams-per-connection can not be negative value$/, good: ['--http2-max-streams-per-connection=0'] },
  { rule: '--goaway-chance above 0.02 is refused', bad: ['--goaway-chance=0.03'], error: /^--goaway-chance can not be less than 0 or greater than 0\.02$/, good: ['--goaway-chance=0.02'] },
  { rule: '--goaway-chance below 0 is refused', bad: ['--goaway-chance=-0.001'], error: /^--goaway-chance can not be less than 0/, good: ['--goaway-chance=0'] },
  { rule: '--strict-transport-security-directives takes max-age, includeSubDomains, preload', bad: ['--strict-transport-security-directives=max-age'], error: /^--strict-transport-security-directives invalid/, good: ['--strict-transport-security-directives=max-age=31536000,includeSubDomains,preload'] },
  { rule: '--cors-allowed-origins must pin start and end of the host', bad: ['--cors-allowed-origins=example.com'], error: /^--cors-allowed-origins has an invalid regular expression: .*does not pin to start\/end of host/, good: ['--cors-allowed-origins=//example\\.com(:|$),^https://a\\.example$'] },
  { rule: '--cors-allowed-origins must be valid regular expressions', bad: ['--cors-allowed-origins=^(http$'], error: /^--cors-allowed-origins has an invalid regular expression: Invalid regular expression/ },
  { rule: '--max-connection-bytes-per-sec is not negative', bad: ['--max-connection-bytes-per-sec=-5'], error: /^--max-connection-bytes-per-sec can not be negative value$/, good: ['--max-connection-bytes-per-sec=1024'] },
  { rule: '--endpoint-reconciler-type is master-count, lease or none', bad: ['--endpoint-reconciler-type=static'], error: /^--endpoint-reconciler-type: invalid value "static"/, good: ['--endpoint-reconciler-type=none'] },
  { rule: '--service-cluster-ip-range holds at most two CIDRs', bad: ['--service-cluster-ip-range=10.0.0.0/16,fd00::/108,10.1.0.0/16'], error: /^--service-cluster-ip-range must not contain more than two entries$/, good: ['--service-cluster-ip-range=10.0.0.0/16,fd00::/108'] },
  { rule: '--service-cluster-ip-range entries are CIDRs', bad: ['--service-cluster-ip-range=10.0.0.0'], error: /^--service-cluster-ip-range: "10\.0\.0\.0" is not a valid CIDR$/, good: ['--service-cluster-ip-range=10.96.0.0/12'] },
  { rule: '--service-cluster-ip-range dual-stack CIDRs are of two families', bad: ['--service-cluster-ip-range=10.0.0.0/16,10.1.0.0/16'], error: /^--service-cluster-ip-range: dual-stack ranges must have one IPv4 and one IPv6 CIDR$/ },
  { rule: '--orch-service-node-port lies in 0..65535', bad: ['--orch-service-node-port=70000'], error: /^--orch-service-node-port 70000 must be between 0 and 65535/, good: ['--orch-service-node-port=0'] },
  { rule: '--orch-service-node-port lies in --service-node-port-range', bad: ['--orch-service-node-port=8080'], error: /^--orch-service-node-port 8080 is not in the --service-node-port-range 30000-32767$/, good: ['--orch-service-node-port=30443'] },
  { rule: '--proxy-client-cert-file and --proxy-client-key-file go together', bad: ['--proxy-client-cert-file=p.crt'], error: /^--proxy-client-cert-file and --proxy-client-key-file must be given together$/, good: ['--proxy-client-cert-file=p.crt', '--proxy-client-key-file=p.key'] },
  { rule: '--peer-* options need gate UnknownVersionInteroperabilityProxy', bad: ['--peer-ca-file=ca.crt'], error: /^--peer-ca-file requires the UnknownVersionInteroperabilityProxy feature/, good: ['--peer-ca-file=ca.crt', '--feature-gates=UnknownVersionInteroperabilityProxy=true'] },
  { rule: '--peer-advertise-ip must be an IP', bad: ['--peer-advertise-ip=peer', '--feature-gates=UnknownVersionInteroperabilityProxy=true'], error: /^--peer-advertise-ip "peer" is not a valid IP address$/, good: ['--peer-advertise-ip=10.0.0.2', '--feature-gates=UnknownVersionInteroperabilityProxy=true'] },
  { rule: '--peer-advertise-port must be a port', bad: ['--peer-advertise-port=http', '--feature-gates=UnknownVersionInteroperabilityProxy=true'], error: /^--peer-advertise-port "http" must be a port number/, good: ['--peer-advertise-port=6443', '--feature-gates=UnknownVersionInteroperabilityProxy=true'] },

  // Storage
  { rule: '--kvstore-servers are scheme://ip:port', bad: ['--kvstore-servers=127.0.0.1:2379'], error: /^--kvstore-servers: invalid server "127\.0\.0\.1:2379": want scheme:\/\/ip:port or sqlite:\/\/PATH$/, good: ['--kvstore-servers=http://127.0.0.1:2379,https://10.0.0.1:2379'] },
  { rule: '--kvstore-servers sqlite://PATH names a file', bad: ['--kvstore-servers=sqlite://'], error: /^--kvstore-servers: "sqlite:\/\/" names no file/, good: ['--kvstore-servers=sqlite:///var/lib/orch/orch.db'] },
  { rule: '--kvstore-servers sqlite:// stands alone', bad: ['--kvstore-servers=sqlite:///a.db,http://127.0.0.1:2379'], error: /^--kvstore-servers: sqlite:\/\/PATH must be the only server$/, good: ['--kvstore-servers=sqlite://relative/orch.db'] },
  { rule: '--kvstore-servers-overrides are group/resource#servers', bad: ['--kvstore-servers-overrides=events#http://a:1'], error: /^--kvstore-servers-overrides invalid, must be of format: group\/resource#servers/, good: ['--kvstore-servers-overrides=/events#http://a:1;http://b:1'] },
  { rule: '--storage-backend is kvstore3', bad: ['--storage-backend=etcd2'], error: /^--storage-backend invalid, allowed values: kvstore3/, good: ['--storage-backend=kvstore3'] },
  { rule: '--storage-media-type is one of three', bad: ['--storage-media-type=text/plain'], error: /^--storage-media-type "text\/plain" invalid, allowed values: application\/json, application\/yaml, application\/vnd\.orch\.protobuf$/, good: ['--storage-media-type=application/json'] },
  { rule: '--watch-cache-sizes are resource[.group]#size', bad: ['--watch-cache-sizes=pods=0'], error: /^--watch-cache-sizes: invalid value "pods=0"/, good: ['--watch-cache-sizes=pods#0,deployments.apps#100'] },
  { rule: '--kvstore-healthcheck-timeout is positive', bad: ['--kvstore-healthcheck-timeout=0s'], error: /^--kvstore-healthcheck-timeout must be a positive duration$/, good: ['--kvstore-healthcheck-timeout=1s'] },
  { rule: '--kvstore-readycheck-timeout is positive', bad: ['--kvstore-readycheck-timeout=-1s'], error: /^--kvstore-readycheck-timeout must be a positive duration$/ },
  { rule: '--kvstore-compaction-interval is not negative', bad: ['--kvstore-compaction-interval=-1m'], error: /^--kvstore-compaction-interval can not be negative value$/, good: ['--kvstore-compaction-interval=0'] },
  { rule: '--event-ttl is not negative', bad: ['--event-ttl=-1h'], error: /^--event-ttl can not be negative value$/, good: ['--event-ttl=2h'] },
  { rule: '--lease-reuse-duration-seconds is positive', bad: ['--lease-reuse-duration-seconds=0'], error: /^--lease-reuse-duration-seconds should be a positive value$/, good: ['--lease-reuse-duration-seconds=30'] },
  { rule: '--delete-collection-workers is at least 1', bad: ['--delete-collection-workers=0'], error: /^--delete-collection-workers must be at least 1$/, good: ['--delete-collection-workers=4'] },
  { rule: '--encryption-provider-config-automatic-reload needs --encryption-provider-config', bad: ['--encryption-provider-config-automatic-reload'], error: /^--encryption-provider-config-automatic-reload must be set with --encryption-provider-config$/, good: ['--encryption-provider-config-automatic-reload', '--encryption-provider-config=enc.yaml'] },
  { rule: '--data-dir is not empty', bad: ['--data-dir='], error: /^--data-dir must not be empty$/, good: ['--data-dir=/tmp/x'] },
  { rule: '--storage-initialization-timeout is not negative', bad: ['--storage-initialization-timeout=-1s'], error: /^--storage-initialization-timeout can not be negative value$/ },

  // Admission
  { rule: '--enable-admission-plugins names known plugins', bad: ['--enable-admission-plugins=Nope'], error: /^--enable-admission-plugins: plugin "Nope" is unknown$/, good: ['--enable-admission-plugins=NodeRestriction,AlwaysPullImages'] },
  { rule: '--disable-admission-plugins names known plugins', bad: ['--disable-admission-plugins=Nope'], error: /^--disable-admission-plugins: plugin "Nope" is unknown$/, good: ['--disable-admission-plugins=ResourceQuota'] },
  { rule: 'a plugin is not both enabled and disabled', bad: ['--enable-admission-plugins=Priority', '--disable-admission-plugins=Priority'], error: /^\[Priority\] in --enable-admission-plugins and --disable-admission-plugins overlapped$/ },
  { rule: '--admission-control excludes --enable/--disable-admission-plugins', bad: ['--admission-control=Priority', '--enable-admission-plugins=NodeRestriction'], error: /^--admission-control and --enable-admission-plugins\/--disable-admission-plugins flags are mutually exclusive$/, good: ['--admission-control=Priority'] },
  { rule: '--default-not-ready-toleration-seconds is not negative', bad: ['--default-not-ready-toleration-seconds=-1'], error: /^--default-not-ready-toleration-seconds can not be negative value$/ },

  // Node agent
  { rule: '--nodeagent-preferred-address-types are known types', bad: ['--nodeagent-preferred-address-types=Hostname,Public'], error: /^--nodeagent-preferred-address-types: "Public" is not a valid address type/, good: ['--nodeagent-preferred-address-types=InternalIP,Hostname'] },
  { rule: '--nodeagent-client-certificate and --nodeagent-client-key go together', bad: ['--nodeagent-client-key=k'], error: /^--nodeagent-client-certificate and --nodeagent-client-key must be given together$/ },
  { rule: '--nodeagent-timeout is positive', bad: ['--nodeagent-timeout=0s'], error: /^--nodeagent-timeout must be a positive duration$/ },

  // Logging and metrics
  { rule: '--logging-format is text', bad: ['--logging-format=json'], error: /^--logging-format: Unsupported value: "json": supported values: "text"$/, good: ['--logging-format=text'] },
  { rule: '-v is not negative', bad: ['-v=-1'], error: /for "-v, --v" flag: the log level must not be negative/, good: ['-v', '4'] },
  { rule: '--vmodule is pattern=N,...', bad: ['--vmodule=apiserver'], error: /for "--vmodule" flag: invalid --vmodule entry/, good: ['--vmodule=apiserver*=4,storage=2'] },
  { rule: '--log-text-split-stream needs gate LoggingAlphaOptions', bad: ['--log-text-split-stream'], error: /^--log-text-split-stream: Forbidden: Feature LoggingAlphaOptions is disabled$/, good: ['--log-text-split-stream', '--feature-gates=LoggingAlphaOptions=true'] },
  { rule: '--log-text-info-buffer-size needs gate LoggingAlphaOptions', bad: ['--log-text-info-buffer-size=5Mi'], error: /^--log-text-info-buffer-size: Forbidden: Feature LoggingAlphaOptions is disabled$/, good: ['--log-text-info-buffer-size=5Mi', '--feature-gates=AllAlpha=true'] },
  { rule: '--log-flush-frequency is positive', bad: ['--log-flush-frequency=0s'], error: /^--log-flush-frequency must be a positive duration$/ },
  { rule: '--show-hidden-metrics-for-version is the previous minor only', bad: ['--show-hidden-metrics-for-version=1.33'], error: /^--show-hidden-metrics-for-version must be omitted or have the value '1\.34'/, good: ['--show-hidden-metrics-for-version=1.34'] },
  { rule: '--allow-metric-labels keys are metric,label', bad: ['--allow-metric-labels=metric1=v1'], error: /^--allow-metric-labels: key "metric1" must have the form <MetricName>,<LabelName>$/, good: ["--allow-metric-labels=metric1,label1='v1,v2'"] },
  { rule: '--version=vX.Y.Z keeps the binary major.minor.patch', bad: ['--version=v1.36.0'], error: /for "--version" flag: version "v1\.36\.0" must match major\/minor\/patch of default version "v1\.35\.0"$/, good: ['--version=v1.35.0-orch.1'] },
  { rule: '--version takes true, false, raw or a version', bad: ['--version=latest'], error: /for "--version" flag: could not parse "latest" as version/, good: ['--version=false'] },

  // Start-up, shutdown and limits
  { rule: '--livez-grace-period is not negative', bad: ['--livez-grace-period=-1s'], error: /^--livez-grace-period can not be a negative value$/, good: ['--livez-grace-period=10s'] },
  { rule: '--shutdown-delay-duration is not negative', bad: ['--shutdown-delay-duration=-1s'], error: /^--shutdown-delay-duration can not be negative value$/, good: ['--shutdown-delay-duration=5s'] },
  { rule: '--shutdown-watch-termination-grace-period is not negative', bad: ['--shutdown-watch-termination-grace-period=-1s'], error: /^--shutdown-watch-termination-grace-period, if provided, can not be a negative value$/ },
  { rule: '--max-requests-inflight is not negative', bad: ['--max-requests-inflight=-1'], error: /^--max-requests-inflight can not be negative value$/ },
  { rule: '--max-mutating-requests-inflight is not negative', bad: ['--max-mutating-requests-inflight=-1'], error: /^--max-mutating-requests-inflight can not be negative value$/ },
  { rule: 'the total in-flight limit is positive with priority and fairness on', bad: ['--max-requests-inflight=0', '--max-mutating-requests-inflight=0'], error: /^--max-requests-inflight plus --max-mutating-requests-inflight must be positive when --enable-priority-and-fairness is true/, good: ['--max-requests-inflight=0', '--max-mutating-requests-inflight=0', '--enable-priority-and-fairness=false'] },
  { rule: '--request-timeout is not negative', bad: ['--request-timeout=-1s'], error: /^--request-timeout can not be negative value$/ },
  { rule: '--min-request-timeout is not negative', bad: ['--min-request-timeout=-1'], error: /^--min-request-timeout can not be negative value$/ },

  // Authentication
  { rule: '--authentication-config excludes --oidc-* when it configures JWT', bad: ['--authentication-config', jwtConfig, '--oidc-issuer-url=https://a.example', '--oidc-client-id=x'], error: /^--authentication-config and --oidc-\* flags are mutually exclusive/, good: ['--authentication-config', anonConfig, '--oidc-issuer-url=https://a.example', '--oidc-client-id=x'] },
  { rule: '--authentication-config excludes --anonymous-auth when it configures anonymous', bad: ['--authentication-config', anonConfig, '--anonymous-auth=false'], error: /^--authentication-config configures the anonymous authenticator, so --anonymous-auth may not be given$/, good: ['--authentication-config', jwtConfig, '--anonymous-auth=false'] },
  { rule: '--authentication-config must be readable when checking exclusions', bad: ['--authentication-config', join(dir, 'missing.yaml'), '--anonymous-auth=false'], error: /^--authentication-config: cannot read/ },
  { rule: '--oidc-issuer-url and --oidc-client-id go together', bad: ['--oidc-issuer-url=https://a.example'], error: /^--oidc-issuer-url and --oidc-client-id must be specified together$/, good: ['--oidc-issuer-url=https://a.example', '--oidc-client-id=c'] },
  { rule: '--oidc-issuer-url is https', bad: ['--oidc-issuer-url=http://a.example', '--oidc-client-id=c'], error: /^--oidc-issuer-url "http:\/\/a\.example" must be a valid URL with the https scheme$/ },
  { rule: '--oidc-signing-algs are JOSE asymmetric algorithms', bad: ['--oidc-signing-algs=HS256'], error: /^--oidc-signing-algs: unsupported signing algorithm "HS256"/, good: ['--oidc-signing-algs=RS256,ES384'] },
  { rule: '--authentication-token-webhook-version is v1 or v1beta1', bad: ['--authentication-token-webhook-version=v2'], error: /^--authentication-token-webhook-version: invalid version "v2"/, good: ['--authentication-token-webhook-version=v1'] },
  { rule: '--requestheader-uid-headers needs gate RemoteRequestHeaderUID', bad: ['--requestheader-uid-headers=X-Remote-Uid', '--feature-gates=RemoteRequestHeaderUID=false'], error: /^--requestheader-uid-headers requires the RemoteRequestHeaderUID feature to be enabled$/, good: ['--requestheader-uid-headers=X-Remote-Uid'] },

  // Service accounts
  { rule: '--service-account-signing-endpoint excludes --service-account-signing-key-file', bad: ['--service-account-signing-endpoint=/run/signer.sock', '--service-account-signing-key-file=sa.key'], error: /^--service-account-signing-endpoint and --service-account-signing-key-file are mutually exclusive$/, good: ['--service-account-signing-endpoint=/run/signer.sock'] },
  { rule: '--service-account-signing-endpoint excludes --service-account-key-file', bad: ['--service-account-signing-endpoint=/run/signer.sock', '--service-account-key-file=sa.pub'], error: /^--service-account-signing-endpoint and --service-account-key-file are mutually exclusive$/ },
  { rule: '--service-account-signing-endpoint needs gate ExternalServiceAccountTokenSigner', bad: ['--service-account-signing-endpoint=/run/signer.sock', '--feature-gates=ExternalServiceAccountTokenSigner=false'], error: /^--service-account-signing-endpoint requires the ExternalServiceAccountTokenSigner feature gate$/ },
  { rule: '--service-account-signing-key-file needs a key file to verify with', bad: ['--service-account-signing-key-file=sa.key'], error: /^--service-account-key-file is required when --service-account-signing-key-file is given/, good: ['--service-account-signing-key-file=sa.key', '--service-account-key-file=sa.pub'] },
  { rule: '--service-account-issuer values are distinct', bad: ['--service-account-issuer=https://a', '--service-account-issuer=https://a'], error: /^--service-account-issuer "https:\/\/a" is already specified$/, good: ['--service-account-issuer=https://a', '--service-account-issuer=orch'] },
  { rule: '--service-account-issuer with a colon is a URL', bad: ['--service-account-issuer=://issuer'], error: /^--service-account-issuer ":\/\/issuer" contained a ':' but was not a valid URL$/ },
  { rule: '--service-account-jwks-uri is https', bad: ['--service-account-jwks-uri=http://a.example/keys'], error: /^--service-account-jwks-uri requires https scheme$/, good: ['--service-account-jwks-uri=https://a.example/keys'] },
  { rule: '--service-account-max-token-expiration is at least an hour', bad: ['--service-account-max-token-expiration=30m'], error: /^--service-account-max-token-expiration must be between 1 hour and 2\^32 seconds$/, good: ['--service-account-max-token-expiration=24h'] },

  // Authorization
  { rule: '--authorization-config excludes --authorization-mode', bad: ['--authorization-config=authz.yaml', '--authorization-mode=RBAC'], error: /^--authorization-config can not be specified when --authorization-mode is specified$/, good: ['--authorization-config=authz.yaml'] },
  { rule: '--authorization-config excludes --authorization-webhook-*', bad: ['--authorization-config=authz.yaml', '--authorization-webhook-version=v1'], error: /^--authorization-config can not be specified when --authorization-webhook-version is specified$/ },
  { rule: '--authorization-mode names known modes', bad: ['--authorization-mode=Magic'], error: /^--authorization-mode "Magic" is not a valid mode/, good: ['--authorization-mode=Node,RBAC'] },
  { rule: '--authorization-mode names each mode once', bad: ['--authorization-mode=RBAC,RBAC'], error: /^--authorization-mode "RBAC" has mode specified more than once$/ },
  { rule: '--authorization-mode ABAC needs --authorization-policy-file', bad: ['--authorization-mode=ABAC'], error: /^--authorization-mode ABAC requires --authorization-policy-file$/, good: ['--authorization-mode=ABAC', '--authorization-policy-file=p.jsonl'] },
  { rule: '--authorization-policy-file needs mode ABAC', bad: ['--authorization-policy-file=p.jsonl'], error: /^--authorization-policy-file can only be given with --authorization-mode ABAC$/ },
  { rule: '--authorization-mode Webhook needs --authorization-webhook-config-file', bad: ['--authorization-mode=Webhook'], error: /^--authorization-mode Webhook requires --authorization-webhook-config-file$/, good: ['--authorization-mode=Webhook', '--authorization-webhook-config-file=w.yaml'] },
  { rule: '--authorization-webhook-config-file needs mode Webhook', bad: ['--authorization-webhook-config-file=w.yaml'], error: /^--authorization-webhook-config-file can only be given with --authorization-mode Webhook$/ },
  { rule: '--authorization-webhook-version is v1 or v1beta1', bad: ['--authorization-webhook-version=v2'], error: /^--authorization-webhook-version: invalid version "v2"/ },

  // Audit
  { rule: '--audit-log-format is legacy or json', bad: ['--audit-log-path=-', '--audit-log-format=xml'], error: /^--audit-log-format: invalid audit log format xml, allowed formats are "legacy,json"$/, good: ['--audit-log-path=-', '--audit-log-format=legacy'] },
  { rule: '--audit-log-mode is batch, blocking or blocking-strict', bad: ['--audit-log-path=-', '--audit-log-mode=async'], error: /^--audit-log-mode: invalid audit log mode async, allowed modes are "batch,blocking,blocking-strict"$/, good: ['--audit-log-path=-', '--audit-log-mode=blocking-strict'] },
  { rule: '--audit-webhook-mode is batch, blocking or blocking-strict', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-mode=async'], error: /^--audit-webhook-mode: invalid audit webhook mode async/, good: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-mode=blocking'] },
  { rule: '--audit-log-maxage is not negative', bad: ['--audit-log-path=-', '--audit-log-maxage=-1'], error: /^--audit-log-maxage -1 can't be a negative number$/ },
  { rule: '--audit-log-maxbackup is not negative', bad: ['--audit-log-path=-', '--audit-log-maxbackup=-1'], error: /^--audit-log-maxbackup -1 can't be a negative number$/ },
  { rule: '--audit-log-maxsize is not negative', bad: ['--audit-log-path=-', '--audit-log-maxsize=-1'], error: /^--audit-log-maxsize -1 can't be a negative number$/ },
  { rule: '--audit-log-version is audit.orch.io/v1', bad: ['--audit-log-path=-', '--audit-log-version=audit.orch.io/v1beta1'], error: /^--audit-log-version: invalid audit version audit\.orch\.io\/v1beta1/ },
  { rule: '--audit-webhook-version is audit.orch.io/v1', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-version=v1'], error: /^--audit-webhook-version: invalid audit version v1/ },
  { rule: 'batch mode needs a positive --audit-*-batch-buffer-size', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-batch-buffer-size=0'], error: /^--audit-webhook-batch-buffer-size: invalid audit batch buffer size 0, must be a positive number$/ },
  { rule: 'batch mode needs a positive --audit-*-batch-max-size', bad: ['--audit-log-path=-', '--audit-log-mode=batch', '--audit-log-batch-max-size=0', '--audit-log-batch-max-wait=1s'], error: /^--audit-log-batch-max-size: invalid audit batch max size 0/ },
  { rule: 'batch mode needs a positive --audit-*-batch-max-wait', bad: ['--audit-log-path=-', '--audit-log-mode=batch'], error: /^--audit-log-batch-max-wait: invalid audit batch max wait 0/, good: ['--audit-log-path=-', '--audit-log-mode=batch', '--audit-log-batch-max-wait=5s'] },
  { rule: 'batch throttling needs a positive --audit-*-batch-throttle-qps', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-batch-throttle-qps=0'], error: /^--audit-webhook-batch-throttle-qps: invalid audit batch throttle QPS 0/ },
  { rule: 'batch throttling needs a positive --audit-*-batch-throttle-burst', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-batch-throttle-burst=0'], error: /^--audit-webhook-batch-throttle-burst: invalid audit batch throttle burst 0/ },
  { rule: 'truncation needs a positive --audit-*-truncate-max-batch-size', bad: ['--audit-log-path=-', '--audit-log-truncate-enabled', '--audit-log-truncate-max-batch-size=0'], error: /^--audit-log-truncate-max-batch-size: invalid audit truncate max batch size 0/ },
  { rule: 'truncation keeps the event size within the batch size', bad: ['--audit-log-path=-', '--audit-log-truncate-enabled', '--audit-log-truncate-max-event-size=20000000'], error: /^--audit-log-truncate-max-event-size: invalid audit truncate max event size 20000000, must not be greater than batch size 10485760$/, good: ['--audit-log-path=-', '--audit-log-truncate-enabled'] },
  { rule: '--audit-webhook-initial-backoff is positive', bad: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-initial-backoff=0s'], error: /^--audit-webhook-initial-backoff must be a positive duration$/ },

  // Versioning
  { rule: '--feature-gates refuses unknown gates', bad: ['--feature-gates=NoSuchGate=true'], error: /^invalid argument "NoSuchGate=true" for "--feature-gates" flag: unrecognized feature gate: NoSuchGate$/, good: ['--feature-gates=orch:WatchList=false'] },
  { rule: '--feature-gates refuses non-boolean values', bad: ['--feature-gates=WatchList=maybe'], error: /for "--feature-gates" flag: invalid value of WatchList=maybe, err: strconv\.ParseBool/ },
  { rule: '--feature-gates refuses unknown components', bad: ['--feature-gates=wardle:WatchList=true'], error: /for "--feature-gates" flag: component not registered: wardle$/ },
  { rule: '--feature-gates refuses turning off a locked GA gate', bad: ['--feature-gates=StructuredAuthenticationConfiguration=false'], error: /cannot set feature gate StructuredAuthenticationConfiguration to false, feature is locked to true$/, good: ['--feature-gates=StructuredAuthorizationConfiguration=true'] },
  { rule: '--emulated-version below 1.32 is refused', bad: ['--emulated-version=1.31'], error: /for "--emulated-version" flag: emulation version 1\.31 is not between \[1\.32, 1\.35\]$/, good: ['--emulated-version=1.32'] },
  { rule: '--emulated-version above 1.35 is refused', bad: ['--emulated-version=orch=1.36'], error: /emulation version 1\.36 is not between \[1\.32, 1\.35\]/, good: ['--emulated-version=orch=1.35'] },
  { rule: '--emulated-version is major.minor', bad: ['--emulated-version=latest'], error: /for "--emulated-version" flag: illegal version string "latest"/ },
  { rule: '--emulated-version refuses unknown components', bad: ['--emulated-version=wardle=1.2'], error: /for "--emulated-version" flag: component not registered: wardle$/ },
  { rule: '--min-compatibility-version is within 1.32..1.35', bad: ['--min-compatibility-version=1.30'], error: /for "--min-compatibility-version" flag: minCompatibilityVersion version 1\.30 is not between \[1\.32, 1\.35\]$/, good: ['--min-compatibility-version=1.32'] },
  { rule: '--min-compatibility-version is not above the emulated version', bad: ['--emulated-version=1.33', '--min-compatibility-version=1.34'], error: /^--min-compatibility-version: minCompatibilityVersion version 1\.34 must be less than or equal to emulationVersion version 1\.33$/, good: ['--emulated-version=1.33', '--min-compatibility-version=1.33'] },
  { rule: '--emulation-forward-compatible needs an emulated version below the binary', bad: ['--emulation-forward-compatible'], error: /^--emulation-forward-compatible cannot be set to true if the emulation version is the same as the binary version$/, good: ['--emulation-forward-compatible', '--emulated-version=1.34'] },
  { rule: '--runtime-config-emulation-forward-compatible needs an emulated version below the binary', bad: ['--runtime-config-emulation-forward-compatible'], error: /^--runtime-config-emulation-forward-compatible cannot be set to true if the emulation version/, good: ['--runtime-config-emulation-forward-compatible', '--emulated-version=1.33'] },
  { rule: '--runtime-config values are true or false', bad: ['--runtime-config=apps/v1=yes'], error: /for "--runtime-config" flag: invalid value "yes": want true or false$/, good: ['--runtime-config=apps/v1=false,v1=true,api/all=true,api/alpha=false,api/beta=true,api/ga=true'] },
  { rule: '--runtime-config keys have a known form', bad: ['--runtime-config=apps=true'], error: /for "--runtime-config" flag: invalid key "apps"/, good: ['--runtime-config=api/v1=true'] },
  { rule: '--runtime-config groups are built in', bad: ['--runtime-config=wardle.example.com/v1=true'], error: /for "--runtime-config" flag: unknown api groups wardle\.example\.com$/, good: ['--runtime-config=events.orch.io/v1=true'] },
  { rule: '--runtime-config versions are registered', bad: ['--runtime-config=apps/v2=true'], error: /for "--runtime-config" flag: group version apps\/v2 that has not been registered$/ },
  { rule: '--runtime-config refuses versions newer than the emulated version', bad: ['--emulated-version=1.33', '--runtime-config=resource.orch.io/v1=true'], error: /api group version resource\.orch\.io\/v1 was introduced in 1\.34, after the emulated version 1\.33/, good: ['--emulated-version=1.33', '--runtime-config=resource.orch.io/v1=true', '--runtime-config-emulation-forward-compatible'] },
];

for (const { rule, bad, error, good } of rules) {
  test(`rule: ${rule}`, () => {
    const refused = validate(bad);
    assert.ok(refused.errors.some((e) => error.test(e)), `expected an error matching ${error} for ${bad.join(' ')}, got ${JSON.stringify(refused.errors)}`);
    if (good) assert.deepEqual(validate(good).errors, [], `expected ${good.join(' ')} to be accepted`);
  });
}

test('every error names an option', () => {
  for (const { bad } of rules) {
    for (const error of validate(bad).errors) assert.match(error, /--[a-z]/, error);
  }
});

test('the defaults alone validate without errors or warnings', () => {
  assert.deepEqual(validate([]), { errors: [], warnings: [] });
});

test('insecure cipher suites are accepted with a warning', () => {
  const r = validate(['--tls-cipher-suites=TLS_RSA_WITH_AES_128_CBC_SHA']);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.warnings, ['--tls-cipher-suites: use of insecure cipher suite TLS_RSA_WITH_AES_128_CBC_SHA was requested']);
});

test('each given option that is not implemented yet warns once, with its note', () => {
  const r = validate(['--service-account-signing-endpoint=/run/signer.sock', '--tracing-config-file=t.yaml', '--secure-port=7443']);
  assert.deepEqual(r.warnings, ['flag --service-account-signing-endpoint is accepted but not implemented yet: external token signers are not supported yet']);
});

test('a deprecated option warns that it is deprecated', () => {
  const r = validate(['--enable-logs-handler']);
  assert.deepEqual(r.warnings, ['Flag --enable-logs-handler has been deprecated, This flag will be removed in a future release.']);
});

test('setting a GA gate warns that it will be removed', () => {
  const r = validate(['--feature-gates=StructuredAuthenticationConfiguration=true']);
  assert.deepEqual(r.warnings, ['Setting GA feature gate StructuredAuthenticationConfiguration=true. It will be removed in a future release.']);
});

test('api/legacy in --runtime-config warns that it is deprecated', () => {
  const r = validate(['--runtime-config=api/legacy=false']);
  assert.deepEqual(r.errors, []);
  assert.ok(r.warnings.some((w) => /api\/legacy is deprecated/.test(w)));
});

test('values built without the parser are validated against the table defaults', () => {
  const { values } = parseFlags(apiserverFlags, []);
  assert.deepEqual(validateApiserverOptions({ ...values, 'secure-port': 0 }).errors, [
    '--secure-port 0 must be between 1 and 65535, inclusive. It cannot be turned off with 0',
  ]);
});
