// --tracing-config-file: a TracingConfiguration (apiserver.config.orch.io) naming where spans go,
// an OTLP gRPC endpoint (localhost:4317 when omitted), and how many new traces in a million are
// sampled (none when omitted: only requests whose trusted parent was sampled are traced).
// Checked as Kubernetes checks it; a bad file stops the start with every problem named by field.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';

export const TRACING_CONFIG_API_VERSIONS: readonly string[] = ['apiserver.config.orch.io/v1', 'apiserver.config.orch.io/v1beta1', 'apiserver.config.orch.io/v1alpha1'];

export const DEFAULT_TRACING_ENDPOINT = 'localhost:4317';
const MAX_SAMPLING_RATE_PER_MILLION = 1_000_000;

export interface TracingConfig {
  /** A gRPC target: host:port, dns://[authority]/host:port, unix:///path or unix-abstract:name. */
  endpoint: string;
  samplingRatePerMillion: number;
}

export class TracingConfigError extends Error {}

function validateEndpoint(endpoint: string): string | undefined {
  const withScheme = endpoint.includes('//') ? endpoint : `dns://${endpoint}`;
  let scheme: string;
  try {
    scheme = new URL(withScheme).protocol.replace(/:$/, '');
  } catch (err) {
    return (err as Error).message;
  }
  if (scheme === 'dns' || scheme === 'unix' || scheme === 'unix-abstract') return undefined;
  return `unsupported scheme: ${scheme}.  Options are none, dns, unix, or unix-abstract.  See https://github.com/grpc/grpc/blob/master/doc/naming.md`;
}

export function parseTracingConfig(doc: unknown, where: string): TracingConfig {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new TracingConfigError(`${where} is not an object`);
  const root = doc as Record<string, unknown>;
  if (root.kind !== 'TracingConfiguration' || !TRACING_CONFIG_API_VERSIONS.includes(String(root.apiVersion))) {
    throw new TracingConfigError(
      `${where}: expected kind TracingConfiguration of ${TRACING_CONFIG_API_VERSIONS.join(', ')}; got ${JSON.stringify(root.kind ?? '')} of ${JSON.stringify(root.apiVersion ?? '')}`,
    );
  }
  const problems: string[] = [];
  let samplingRatePerMillion = 0;
  const rate = root.samplingRatePerMillion;
  if (rate !== undefined && rate !== null) {
    if (typeof rate !== 'number' || !Number.isInteger(rate)) problems.push(`samplingRatePerMillion: Invalid value: ${JSON.stringify(rate)}: must be an integer`);
    else if (rate < 0) problems.push(`samplingRatePerMillion: Invalid value: ${rate}: sampling rate must be positive`);
    else if (rate > MAX_SAMPLING_RATE_PER_MILLION) problems.push(`samplingRatePerMillion: Invalid value: ${rate}: sampling rate per million must be less than or equal to one million`);
    else samplingRatePerMillion = rate;
  }
  let endpoint = DEFAULT_TRACING_ENDPOINT;
  if (root.endpoint !== undefined && root.endpoint !== null) {
    const why = typeof root.endpoint === 'string' ? validateEndpoint(root.endpoint) : 'must be a string';
    if (why) problems.push(`endpoint: Invalid value: ${JSON.stringify(root.endpoint)}: ${why}`);
    else endpoint = root.endpoint as string;
  }
  if (problems.length) throw new TracingConfigError(`invalid ${where}: ${problems.join(', ')}`);
  return { endpoint, samplingRatePerMillion };
}

export function loadTracingConfig(file: string): TracingConfig {
  const where = `tracing configuration ${JSON.stringify(file)}`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TracingConfigError(`unable to read tracing configuration from ${JSON.stringify(file)}: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new TracingConfigError(`unable to decode tracing configuration data: ${(err as Error).message.split('\n')[0]}`);
  }
  return parseTracingConfig(doc, where);
}
