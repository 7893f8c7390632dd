// orch-apiserver's serving, limits and lifecycle rows as typed options objects. Ranges are
// checked in serving-validate.ts and limits-validate.ts, nowhere else.
import type { OptionReader } from '../option-reader.ts';

export interface ApiserverServingOptions {
  /** '' : the bind address, or the host's default interface when that is unspecified. */
  advertiseAddress: string;
  /** '' : the advertise address. */
  externalHostname: string;
  /** Fraction of requests answered with GOAWAY, 0..0.02. */
  goawayChance: number;
  strictTransportSecurityDirectives: string[];
  corsAllowedOrigins: string[];
  /** 0: connections are not throttled. */
  maxConnectionBytesPerSec: number;
  enableLogsHandler: boolean;
  /** The web page under /ui/. */
  enableUi: boolean;
  /** 'lease' (default), 'none' or the deprecated 'master-count'. */
  endpointReconcilerType: string;
  /** 0: the orch service is of type ClusterIP. */
  orchServiceNodePort: number;
  /** '' : the default range (10.0.0.0/24); one CIDR, or two of different families. */
  serviceClusterIPRange: string;
  serviceNodePortRange: { base: number; size: number };
  /** Remote APIServices are reached through their service's endpoints rather than its cluster IP. */
  enableAggregatorRouting: boolean;
  /** A redirect from an aggregated server is answered 502 instead of being passed to the client. */
  aggregatorRejectForwardingRedirect: boolean;
  /** '' : no client certificate is shown to aggregated servers. */
  proxyClientCertFile: string;
  proxyClientKeyFile: string;
}

export function apiserverServingOptions(r: OptionReader): ApiserverServingOptions {
  return {
    advertiseAddress: r.string('advertise-address'),
    externalHostname: r.string('external-hostname'),
    goawayChance: r.number('goaway-chance'),
    strictTransportSecurityDirectives: r.strings('strict-transport-security-directives'),
    corsAllowedOrigins: r.strings('cors-allowed-origins'),
    maxConnectionBytesPerSec: r.number('max-connection-bytes-per-sec'),
    enableLogsHandler: r.bool('enable-logs-handler'),
    enableUi: r.bool('enable-ui'),
    endpointReconcilerType: r.string('endpoint-reconciler-type'),
    orchServiceNodePort: r.number('orch-service-node-port'),
    serviceClusterIPRange: r.string('service-cluster-ip-range'),
    serviceNodePortRange: r.range('service-node-port-range') ?? { base: 30000, size: 2768 },
    enableAggregatorRouting: r.bool('enable-aggregator-routing'),
    aggregatorRejectForwardingRedirect: r.bool('aggregator-reject-forwarding-redirect'),
    proxyClientCertFile: r.string('proxy-client-cert-file'),
    proxyClientKeyFile: r.string('proxy-client-key-file'),
  };
}

export interface LimitsOptions {
  maxRequestsInflight: number;
  maxMutatingRequestsInflight: number;
  enablePriorityAndFairness: boolean;
  requestTimeoutMs: number;
  minRequestTimeoutSeconds: number;
}

export function limitsOptions(r: OptionReader): LimitsOptions {
  return {
    maxRequestsInflight: r.number('max-requests-inflight'),
    maxMutatingRequestsInflight: r.number('max-mutating-requests-inflight'),
    enablePriorityAndFairness: r.bool('enable-priority-and-fairness'),
    requestTimeoutMs: r.number('request-timeout'),
    minRequestTimeoutSeconds: r.number('min-request-timeout'),
  };
}

export interface LifecycleOptions {
  livezGracePeriodMs: number;
  shutdownDelayMs: number;
  shutdownSendRetryAfter: boolean;
  shutdownWatchTerminationGraceMs: number;
}

export function lifecycleOptions(r: OptionReader): LifecycleOptions {
  return {
    livezGracePeriodMs: r.number('livez-grace-period'),
    shutdownDelayMs: r.number('shutdown-delay-duration'),
    shutdownSendRetryAfter: r.bool('shutdown-send-retry-after'),
    shutdownWatchTerminationGraceMs: r.number('shutdown-watch-termination-grace-period'),
  };
}
