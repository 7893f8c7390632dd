// Options -> completed config: everything that reads files or can fail (certificates, token
// file, authorizer modes, metrics options) happens here, so a CompletedConfig is known good and
// createServer cannot fail for a configuration reason other than binding the port.
import { hostname, networkInterfaces } from 'node:os';
import type { FlagValues } from '../../options/flag.ts';
import { boolFlag, numberFlag, stringFlag, stringsFlag } from '../../options/flag-values.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { ensureSelfSignedPair, type CertKeyPair } from '../../component-base/certs/self-signed.ts';
import { loadCertKeyPair } from '../../component-base/certs/load.ts';
import { loadNamedCertKeys, type NamedCertKey } from '../../component-base/certs/sni.ts';
import { buildTlsSettings, type TlsSettings } from '../../component-base/serving/tls-options.ts';
import { createMetricsRegistry, type MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { createRequestMetrics, type RequestMetrics } from './request-metrics.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { buildAuthenticator } from '../authentication/build.ts';
import type { RequestAuthenticator, TokenAuthenticator } from '../../component-base/authentication/types.ts';
import type { ServiceAccountGetter } from '../authentication/service-account.ts';
import { buildAuthorizer, type AuthorizerModes } from '../authorization/build.ts';
import type { Authorizer } from '../../machinery/authorization/types.ts';
import { compileOriginPatterns } from '../filters/with-cors.ts';
import { buildAudit, type AuditPipeline } from '../audit/build.ts';
import type { Handler } from '../../component-base/serving/request-context.ts';
import type { FlowController } from '../flowcontrol/controller.ts';

const log = klog('apiserver/config');

export interface PostStartHookContext {
  /** Aborted when the server begins to shut down. */
  signal: AbortSignal;
}

export interface PostStartHook {
  name: string;
  run(ctx: PostStartHookContext): void | Promise<void>;
}

export interface ServerDeps {
  /** Serves /api, /apis, /openapi and everything the REST layer owns. */
  apiHandler?: Handler;
  /** Added to /healthz, /livez and /readyz (e.g. storage). */
  healthChecks?: HealthCheck[];
  /** Added to /readyz only. */
  readyChecks?: HealthCheck[];
  postStartHooks?: PostStartHook[];
  featureGates?: { enabled(name: string): boolean };
  /** Served at /version. */
  versionInfo?: Record<string, string>;
  /** Bearer token authenticators beyond the token file (service accounts, bootstrap tokens). */
  tokenAuthenticators?: TokenAuthenticator[];
  /** Answers --service-account-lookup once service accounts are stored. */
  serviceAccountGetter?: ServiceAccountGetter;
  /** Authorization modes provided by other packages (e.g. RBAC), by mode name. */
  authorizationModes?: AuthorizerModes;
  /** Receives the built authenticator and authorizer (the review APIs and RBAC escalation checks run them). */
  onAuthBuilt?: (auth: BuiltAuth) => void;
  /** Directory /logs serves; /var/log by default. */
  logDir?: string;
  /** Non-resource paths served by other packages (service account issuer discovery), by exact path. */
  nonResourcePaths?: NonResourcePath[];
  /** The priority and fairness dispatcher kept current from the stored configuration. */
  flowController?: FlowController;
}

export interface NonResourcePath {
  path: string;
  handler: Handler;
}

/** What the access review APIs need from the configured server. */
export interface BuiltAuth {
  authenticator: RequestAuthenticator;
  authorizer: Authorizer;
  /** --api-audiences (TokenReview answers with them when the request names none). */
  apiAudiences: string[];
}

declare const completed: unique symbol;

export interface CompletedConfig {
  readonly [completed]: true;
  readonly bindAddress: string;
  readonly port: number;
  readonly advertiseAddress: string;
  readonly externalHostname: string;
  readonly servingCert: CertKeyPair;
  readonly sniCerts: NamedCertKey[];
  readonly tls: TlsSettings;
  readonly http2: boolean;
  readonly http2MaxStreams: number;
  readonly permitPortSharing: boolean;
  readonly goawayChance: number;
  readonly corsAllowedOrigins: RegExp[];
  readonly hstsDirectives: string[];
  readonly maxRequestsInflight: number;
  readonly maxMutatingRequestsInflight: number;
  readonly priorityAndFairness: boolean;
  readonly requestTimeoutMs: number;
  readonly minRequestTimeoutSeconds: number;
  readonly authenticator: RequestAuthenticator;
  readonly anonymousEnabled: boolean;
  readonly authorizer: Authorizer;
  /** Absent when no audit policy or no audit backend is configured. */
  readonly audit?: AuditPipeline;
  readonly metrics: MetricsRegistry;
  readonly requestMetrics: RequestMetrics;
  readonly healthChecks: HealthCheck[];
  readonly readyChecks: HealthCheck[];
  readonly postStartHooks: PostStartHook[];
  readonly livezGracePeriodMs: number;
  readonly shutdownDelayMs: number;
  readonly shutdownSendRetryAfter: boolean;
  readonly shutdownWatchTerminationGraceMs: number;
  readonly profiling: boolean;
  readonly debugSocketPath: string;
  readonly enableLogsHandler: boolean;
  readonly logDir: string;
  readonly versionInfo: Record<string, string>;
  readonly apiHandler?: Handler;
  readonly nonResourcePaths: NonResourcePath[];
  readonly flowController?: FlowController;
}

function isUnspecified(address: string): boolean {
  return address === '' || address === '0.0.0.0' || address === '::';
}

/** The first non-internal address of the host, IPv4 first, as the "default interface". */
function defaultInterfaceAddress(): string {
  const all = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal);
  return all.find((a) => a!.family === 'IPv4')?.address ?? all[0]?.address ?? '127.0.0.1';
}

export async function completeConfig(values: FlagValues, deps: ServerDeps = {}): Promise<CompletedConfig> {
  const bindAddress = stringFlag(values, 'bind-address', '0.0.0.0');
  const port = numberFlag(values, 'secure-port', 6443);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--secure-port ${port} must be between 0 and 65535`);
  const advertiseAddress = stringFlag(values, 'advertise-address') || (isUnspecified(bindAddress) ? defaultInterfaceAddress() : bindAddress);
  const externalHostname = stringFlag(values, 'external-hostname') || advertiseAddress;

  const certFile = stringFlag(values, 'tls-cert-file');
  const keyFile = stringFlag(values, 'tls-private-key-file');
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('--tls-cert-file and --tls-private-key-file must be given together');
  const servingCert = certFile
    ? loadCertKeyPair(certFile, keyFile)
    : await ensureSelfSignedPair(stringFlag(values, 'cert-dir', '/var/run/orch'), advertiseAddress, [
        'localhost',
        '127.0.0.1',
        '::1',
        hostname(),
        ...(stringFlag(values, 'external-hostname') ? [stringFlag(values, 'external-hostname')] : []),
      ]);
  const sniCerts = loadNamedCertKeys(stringsFlag(values, 'tls-sni-cert-key'));
  const tls = buildTlsSettings(stringFlag(values, 'tls-min-version') || undefined, stringsFlag(values, 'tls-cipher-suites'));
  if (tls.insecureSuites.length) log.warning('Use of insecure cipher suites', { suites: tls.insecureSuites.join(',') });

  const goawayChance = numberFlag(values, 'goaway-chance', 0);
  if (!(goawayChance >= 0 && goawayChance <= 0.02)) throw new Error(`--goaway-chance ${goawayChance} must be between 0 and 0.02`);

  const priorityAndFairness = boolFlag(values, 'enable-priority-and-fairness', true);
  const maxRequestsInflight = numberFlag(values, 'max-requests-inflight', 400);
  const maxMutatingRequestsInflight = numberFlag(values, 'max-mutating-requests-inflight', 200);
  if (maxRequestsInflight < 0 || maxMutatingRequestsInflight < 0) throw new Error('--max-requests-inflight and --max-mutating-requests-inflight must not be negative');
  if (priorityAndFairness && maxRequestsInflight + maxMutatingRequestsInflight <= 0) {
    throw new Error('--max-requests-inflight plus --max-mutating-requests-inflight must be positive when --enable-priority-and-fairness is true');
  }

  const authn = buildAuthenticator(values, { ...deps, servingKeyFile: servingCert.keyFile });
  const { authenticator, anonymousEnabled } = authn;
  // The handshake asks for a client certificate only when some authenticator can verify one.
  if (authn.clientCA) tls.clientCA = authn.clientCA;
  const authorizer = buildAuthorizer(values, { anonymousEnabled, modes: deps.authorizationModes });
  deps.onAuthBuilt?.({ authenticator, authorizer, apiAudiences: authn.apiAudiences });

  const versionInfo = deps.versionInfo ?? { major: '1', minor: '35', gitVersion: 'v1.35.0' };
  const allowLabels = values['allow-metric-labels'];
  const metrics = createMetricsRegistry({
    disabledMetrics: stringsFlag(values, 'disabled-metrics'),
    allowMetricLabels: allowLabels && typeof allowLabels === 'object' && !Array.isArray(allowLabels) ? (allowLabels as Record<string, string>) : undefined,
    allowMetricLabelsManifest: stringFlag(values, 'allow-metric-labels-manifest') || undefined,
    showHiddenMetricsForVersion: stringFlag(values, 'show-hidden-metrics-for-version') || undefined,
    binaryVersion: versionInfo.gitVersion ?? `${versionInfo.major}.${versionInfo.minor}`,
  });

  const audit = buildAudit(values, metrics);

  const config = {
    bindAddress,
    port,
    advertiseAddress,
    externalHostname,
    servingCert,
    sniCerts,
    tls,
    http2: !boolFlag(values, 'disable-http2-serving', false),
    http2MaxStreams: numberFlag(values, 'http2-max-streams-per-connection', 0),
    permitPortSharing: boolFlag(values, 'permit-port-sharing', false),
    goawayChance,
    corsAllowedOrigins: compileOriginPatterns(stringsFlag(values, 'cors-allowed-origins')),
    hstsDirectives: stringsFlag(values, 'strict-transport-security-directives'),
    maxRequestsInflight,
    maxMutatingRequestsInflight,
    priorityAndFairness,
    requestTimeoutMs: numberFlag(values, 'request-timeout', 60_000),
    minRequestTimeoutSeconds: numberFlag(values, 'min-request-timeout', 1800),
    authenticator,
    anonymousEnabled,
    authorizer,
    audit,
    metrics,
    requestMetrics: createRequestMetrics(metrics),
    healthChecks: [...(deps.healthChecks ?? [])],
    readyChecks: [...(deps.readyChecks ?? [])],
    postStartHooks: [...(deps.postStartHooks ?? [])],
    livezGracePeriodMs: numberFlag(values, 'livez-grace-period', 0),
    shutdownDelayMs: numberFlag(values, 'shutdown-delay-duration', 0),
    shutdownSendRetryAfter: boolFlag(values, 'shutdown-send-retry-after', false),
    shutdownWatchTerminationGraceMs: numberFlag(values, 'shutdown-watch-termination-grace-period', 0),
    profiling: boolFlag(values, 'profiling', true),
    debugSocketPath: stringFlag(values, 'debug-socket-path'),
    enableLogsHandler: boolFlag(values, 'enable-logs-handler', false),
    logDir: deps.logDir ?? '/var/log',
    versionInfo,
    apiHandler: deps.apiHandler,
    nonResourcePaths: [...(deps.nonResourcePaths ?? [])],
    flowController: deps.flowController,
  };
  return config as unknown as CompletedConfig;
}
