// Options -> completed config: everything that reads files or can fail (certificates, token
// file, authorizer modes, metrics options) happens here, so a CompletedConfig is known good and
// createServer cannot fail for a configuration reason other than binding the port. The options
// arrive validated (options/*-validate.ts): no range is checked again here.
import { hostname, networkInterfaces } from 'node:os';
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
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
import { loadTracingConfig } from '../tracing/config.ts';
import type { RequestTracing } from '../tracing/provider.ts';

const log = klog('apiserver/config');

export interface PostStartHookContext {
  /** Aborted when the server begins to shut down. */
  signal: AbortSignal;
  /** The port the server listens on (known only once bound: --secure-port may be 0). */
  port?: number;
  /** The address the server advertises to the cluster (--advertise-address, or the bind address's). */
  advertiseAddress?: string;
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
  /** Non-resource paths served by other packages (service account issuer discovery, the web page). */
  nonResourcePaths?: NonResourcePath[];
  /** The priority and fairness dispatcher kept current from the stored configuration. */
  flowController?: FlowController;
  /** How long finished spans wait before export (tests shorten the SDK's 5 s). */
  tracingExportDelayMs?: number;
}

export interface NonResourcePath {
  path: string;
  handler: Handler;
  /** Every path below it (path + '/...') is served by the handler too. */
  prefix?: boolean;
}

/** What the access review APIs need from the configured server. */
export interface BuiltAuth {
  authenticator: RequestAuthenticator;
  authorizer: Authorizer;
  /** --api-audiences (TokenReview answers with them when the request names none). */
  apiAudiences: string[];
}

// Only completeConfig can set this key, so only it can produce a CompletedConfig.
const completed: unique symbol = Symbol('completed config');

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
  /** --tracing-config-file; absent when requests are not traced. */
  readonly tracing?: RequestTracing;
}

function isUnspecified(address: string): boolean {
  return address === '' || address === '0.0.0.0' || address === '::';
}

/** The first non-internal address of the host, IPv4 first, as the "default interface". */
function defaultInterfaceAddress(): string {
  const all = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal);
  return all.find((a) => a!.family === 'IPv4')?.address ?? all[0]?.address ?? '127.0.0.1';
}

export async function completeConfig(options: ApiserverOptions, deps: ServerDeps = {}): Promise<CompletedConfig> {
  const { secureServing, serving, limits, lifecycle, debugging } = options;
  const bindAddress = secureServing.bindAddress;
  const port = secureServing.securePort;
  const advertiseAddress = serving.advertiseAddress || (isUnspecified(bindAddress) ? defaultInterfaceAddress() : bindAddress);
  const externalHostname = serving.externalHostname || advertiseAddress;

  const certFile = secureServing.tlsCertFile;
  const keyFile = secureServing.tlsPrivateKeyFile;
  // Options validation says so too; servers built without it (tests, embedders) must not load half a pair.
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('--tls-cert-file and --tls-private-key-file must be given together');
  const servingCert = certFile
    ? loadCertKeyPair(certFile, keyFile)
    : await ensureSelfSignedPair(secureServing.certDir, advertiseAddress, [
        'localhost',
        '127.0.0.1',
        '::1',
        hostname(),
        ...(serving.externalHostname ? [serving.externalHostname] : []),
      ]);
  const sniCerts = loadNamedCertKeys(secureServing.tlsSniCertKeys);
  const tls = buildTlsSettings(secureServing.tlsMinVersion || undefined, secureServing.tlsCipherSuites);
  if (tls.insecureSuites.length) log.warning('Use of insecure cipher suites', { suites: tls.insecureSuites.join(',') });

  const authn = buildAuthenticator(options.authentication, { ...deps, servingKeyFile: keyFile || servingCert.keyFile });
  const { authenticator, anonymousEnabled } = authn;
  // The handshake asks for a client certificate only when some authenticator can verify one.
  if (authn.clientCA) tls.clientCA = authn.clientCA;
  const authorizer = buildAuthorizer(options.authorization, { anonymousEnabled, modes: deps.authorizationModes });
  deps.onAuthBuilt?.({ authenticator, authorizer, apiAudiences: authn.apiAudiences });

  const versionInfo = deps.versionInfo ?? { major: '1', minor: '35', gitVersion: 'v1.35.0' };
  const metricsOptions = options.metrics;
  const metrics = createMetricsRegistry({
    disabledMetrics: metricsOptions.disabledMetrics,
    allowMetricLabels: metricsOptions.allowMetricLabels,
    allowMetricLabelsManifest: metricsOptions.allowMetricLabelsManifest || undefined,
    showHiddenMetricsForVersion: metricsOptions.showHiddenMetricsForVersion || undefined,
    binaryVersion: versionInfo.gitVersion ?? `${versionInfo.major}.${versionInfo.minor}`,
  });

  const audit = buildAudit(options.audit, metrics);
  const tracingFile = options.other.tracingConfigFile;
  // The exporter and SDK take ~0.2 s to load: only a server that traces pays for them.
  const tracing = tracingFile
    ? (await import('../tracing/provider.ts')).createRequestTracing(loadTracingConfig(tracingFile), { exportDelayMs: deps.tracingExportDelayMs })
    : undefined;

  const config: CompletedConfig = {
    [completed]: true,
    bindAddress,
    port,
    advertiseAddress,
    externalHostname,
    servingCert,
    sniCerts,
    tls,
    http2: !secureServing.disableHttp2,
    http2MaxStreams: secureServing.http2MaxStreamsPerConnection,
    permitPortSharing: secureServing.permitPortSharing,
    goawayChance: serving.goawayChance,
    corsAllowedOrigins: compileOriginPatterns(serving.corsAllowedOrigins),
    hstsDirectives: serving.strictTransportSecurityDirectives,
    maxRequestsInflight: limits.maxRequestsInflight,
    maxMutatingRequestsInflight: limits.maxMutatingRequestsInflight,
    priorityAndFairness: limits.enablePriorityAndFairness,
    requestTimeoutMs: limits.requestTimeoutMs,
    minRequestTimeoutSeconds: limits.minRequestTimeoutSeconds,
    authenticator,
    anonymousEnabled,
    authorizer,
    audit,
    metrics,
    requestMetrics: createRequestMetrics(metrics),
    healthChecks: [...(deps.healthChecks ?? [])],
    readyChecks: [...(deps.readyChecks ?? [])],
    postStartHooks: [...(deps.postStartHooks ?? [])],
    livezGracePeriodMs: lifecycle.livezGracePeriodMs,
    shutdownDelayMs: lifecycle.shutdownDelayMs,
    shutdownSendRetryAfter: lifecycle.shutdownSendRetryAfter,
    shutdownWatchTerminationGraceMs: lifecycle.shutdownWatchTerminationGraceMs,
    profiling: debugging.profiling,
    debugSocketPath: debugging.debugSocketPath,
    enableLogsHandler: serving.enableLogsHandler,
    logDir: deps.logDir ?? '/var/log',
    versionInfo,
    apiHandler: deps.apiHandler,
    nonResourcePaths: [...(deps.nonResourcePaths ?? [])],
    flowController: deps.flowController,
    ...(tracing ? { tracing } : {}),
  };
  return config;
}
