// The secure-serving, debugging and metrics rows both daemons share, as typed options objects.
// Their ranges are checked in secure-serving-validate.ts and metrics-validate.ts.
import type { OptionReader } from '../option-reader.ts';

export interface SecureServingOptions {
  /** '' or an unspecified address (0.0.0.0, ::) listens on every interface. */
  bindAddress: string;
  /** 0: the controller manager serves no HTTPS; the API server's validation refuses 0. */
  securePort: number;
  certDir: string;
  tlsCertFile: string;
  tlsPrivateKeyFile: string;
  /** `cert,key[:pattern,…]`, one element per --tls-sni-cert-key. */
  tlsSniCertKeys: string[];
  /** '' when not given (the TLS layer's own minimum applies). */
  tlsMinVersion: string;
  tlsCipherSuites: string[];
  disableHttp2: boolean;
  http2MaxStreamsPerConnection: number;
  permitPortSharing: boolean;
}

export function secureServingOptions(r: OptionReader): SecureServingOptions {
  return {
    bindAddress: r.string('bind-address'),
    securePort: r.number('secure-port'),
    certDir: r.string('cert-dir'),
    tlsCertFile: r.string('tls-cert-file'),
    tlsPrivateKeyFile: r.string('tls-private-key-file'),
    tlsSniCertKeys: r.strings('tls-sni-cert-key'),
    tlsMinVersion: r.string('tls-min-version'),
    tlsCipherSuites: r.strings('tls-cipher-suites'),
    disableHttp2: r.bool('disable-http2-serving'),
    http2MaxStreamsPerConnection: r.number('http2-max-streams-per-connection'),
    permitPortSharing: r.bool('permit-port-sharing'),
  };
}

export interface ProfilingOptions {
  profiling: boolean;
}

/** The controller manager has --profiling but no debug socket. */
export function profilingOptions(r: OptionReader): ProfilingOptions {
  return { profiling: r.bool('profiling') };
}

export interface DebuggingOptions extends ProfilingOptions {
  /** '' : no debug socket. */
  debugSocketPath: string;
}

export function debuggingOptions(r: OptionReader): DebuggingOptions {
  return { ...profilingOptions(r), debugSocketPath: r.string('debug-socket-path') };
}

export interface MetricsOptions {
  disabledMetrics: string[];
  allowMetricLabels: Record<string, string>;
  allowMetricLabelsManifest: string;
  showHiddenMetricsForVersion: string;
}

export function metricsOptions(r: OptionReader): MetricsOptions {
  return {
    disabledMetrics: r.strings('disabled-metrics'),
    allowMetricLabels: r.map('allow-metric-labels'),
    allowMetricLabelsManifest: r.string('allow-metric-labels-manifest'),
    showHiddenMetricsForVersion: r.string('show-hidden-metrics-for-version'),
  };
}
