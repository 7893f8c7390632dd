// Rules of the shared secure-serving rows.
import { isIP, isSet, list, num, rejectNegative, str, type ValidationContext } from '../validation-context.ts';
import { insecureCipherSuites, secureCipherSuites } from './cipher-suites.ts';

export const TLS_VERSIONS: readonly string[] = ['VersionTLS10', 'VersionTLS11', 'VersionTLS12', 'VersionTLS13'];

export function validateSecureServing(ctx: ValidationContext): void {
  const bind = str(ctx, 'bind-address');
  if (bind !== '' && !isIP(bind)) {
    ctx.errors.push(`invalid argument ${JSON.stringify(bind)} for "--bind-address" flag: failed to parse IP: ${JSON.stringify(bind)}`);
  }
  const port = num(ctx, 'secure-port');
  if (port !== undefined && (port < 1 || port > 65535)) {
    ctx.errors.push(`--secure-port ${port} must be between 1 and 65535, inclusive. It cannot be turned off with 0`);
  }
  if (isSet(ctx, 'tls-cert-file') !== isSet(ctx, 'tls-private-key-file')) {
    ctx.errors.push('--tls-cert-file and --tls-private-key-file must be given together');
  }
  for (const entry of list(ctx, 'tls-sni-cert-key')) {
    const [files = '', patterns] = splitOnce(entry, ':');
    const parts = files.split(',');
    const patternList = patterns === undefined ? [] : patterns.split(',');
    if (parts.length !== 2 || parts.some((p) => p.trim() === '') || patternList.some((p) => p.trim() === '')) {
      ctx.errors.push(`invalid argument ${JSON.stringify(entry)} for "--tls-sni-cert-key" flag: expected comma separated certificate and key file paths, optionally followed by :domain patterns`);
    }
  }
  const minVersion = str(ctx, 'tls-min-version');
  if (minVersion !== '' && !TLS_VERSIONS.includes(minVersion)) {
    ctx.errors.push(`--tls-min-version: unknown tls version ${JSON.stringify(minVersion)}, allowed values: ${TLS_VERSIONS.join(', ')}`);
  }
  const suites = list(ctx, 'tls-cipher-suites');
  for (const suite of suites) {
    if (insecureCipherSuites.has(suite)) {
      ctx.warnings.push(`--tls-cipher-suites: use of insecure cipher suite ${suite} was requested`);
    } else if (!secureCipherSuites.has(suite)) {
      ctx.errors.push(`--tls-cipher-suites: cipher suite ${suite} not supported or doesn't exist`);
    }
  }
  if (minVersion === 'VersionTLS13' && suites.length > 0) {
    ctx.errors.push('--tls-cipher-suites cannot be given when --tls-min-version is VersionTLS13: TLS 1.3 cipher suites are not configurable');
  }
  rejectNegative(ctx, ['http2-max-streams-per-connection']);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
