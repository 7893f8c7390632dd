// Rules of orch-apiserver's own serving rows.
import { isIP, isIPv4, isIPv6, isSet, num, rejectNegative, str, list, type ValidationContext } from '../validation-context.ts';

export const ENDPOINT_RECONCILER_TYPES: readonly string[] = ['master-count', 'lease', 'none'];

export function validateApiserverServing(ctx: ValidationContext): void {
  const advertise = str(ctx, 'advertise-address');
  if (advertise !== '' && !isIP(advertise)) {
    ctx.errors.push(`invalid argument ${JSON.stringify(advertise)} for "--advertise-address" flag: failed to parse IP: ${JSON.stringify(advertise)}`);
  }
  const goaway = num(ctx, 'goaway-chance');
  if (goaway !== undefined && (goaway < 0 || goaway > 0.02)) {
    ctx.errors.push('--goaway-chance can not be less than 0 or greater than 0.02');
  }
  validateHsts(ctx);
  validateCors(ctx);
  rejectNegative(ctx, ['max-connection-bytes-per-sec']);
  const reconciler = str(ctx, 'endpoint-reconciler-type');
  if (!ENDPOINT_RECONCILER_TYPES.includes(reconciler)) {
    ctx.errors.push(`--endpoint-reconciler-type: invalid value ${JSON.stringify(reconciler)}, allowed values: ${ENDPOINT_RECONCILER_TYPES.join(', ')}`);
  } else if (reconciler === 'master-count' && ctx.given.has('endpoint-reconciler-type')) {
    ctx.warnings.push('--endpoint-reconciler-type=master-count is deprecated, and will be removed in a future version');
  }
  validateServiceRanges(ctx);
  if (isSet(ctx, 'proxy-client-cert-file') !== isSet(ctx, 'proxy-client-key-file')) {
    ctx.errors.push('--proxy-client-cert-file and --proxy-client-key-file must be given together');
  }
  const peerFlags = ['peer-advertise-ip', 'peer-advertise-port', 'peer-ca-file'].filter((f) => isSet(ctx, f));
  if (peerFlags.length > 0 && !ctx.gates.enabled('UnknownVersionInteroperabilityProxy')) {
    for (const flag of peerFlags) ctx.errors.push(`--${flag} requires the UnknownVersionInteroperabilityProxy feature to be turned on`);
  }
  const peerIP = str(ctx, 'peer-advertise-ip');
  if (peerIP !== '' && !isIP(peerIP)) ctx.errors.push(`--peer-advertise-ip ${JSON.stringify(peerIP)} is not a valid IP address`);
  const peerPort = str(ctx, 'peer-advertise-port');
  if (peerPort !== '' && !(/^\d+$/.test(peerPort) && Number(peerPort) >= 1 && Number(peerPort) <= 65535)) {
    ctx.errors.push(`--peer-advertise-port ${JSON.stringify(peerPort)} must be a port number between 1 and 65535`);
  }
}

function validateHsts(ctx: ValidationContext): void {
  for (const directive of list(ctx, 'strict-transport-security-directives')) {
    if (directive.trim() === '') {
      ctx.errors.push('empty value in --strict-transport-security-directives');
      continue;
    }
    if (directive === 'includeSubDomains' || directive === 'preload') continue;
    const [key, value, ...rest] = directive.split('=');
    if (key !== 'max-age' || value === undefined || rest.length > 0) {
      ctx.errors.push('--strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information');
    }
  }
}

// Each origin must be a valid regular expression pinned to the start ('^' or '//') and the end
// ('$' or ':') of the host, so a pattern cannot match an attacker's longer host name.
function validateCors(ctx: ValidationContext): void {
  for (const origin of list(ctx, 'cors-allowed-origins')) {
    if (origin === '') {
      ctx.errors.push('empty value in --cors-allowed-origins');
      continue;
    }
    try {
      new RegExp(origin);
    } catch (err) {
      ctx.errors.push(`--cors-allowed-origins has an invalid regular expression: ${(err as Error).message}`);
      continue;
    }
    const pinStart = origin.includes('^') || origin.includes('//');
    const pinEnd = origin.includes('$') || origin.includes(':');
    if (!pinStart || !pinEnd) {
      ctx.errors.push(`--cors-allowed-origins has an invalid regular expression: ${JSON.stringify(origin)}: regular expression does not pin to start/end of host in the origin header`);
    }
  }
}

function validateServiceRanges(ctx: ValidationContext): void {
  const ranges = str(ctx, 'service-cluster-ip-range');
  if (ranges !== '') {
    const cidrs = ranges.split(',').map((c) => c.trim());
    if (cidrs.length > 2) {
      ctx.errors.push('--service-cluster-ip-range must not contain more than two entries');
    } else {
      const families = cidrs.map((cidr) => cidrFamily(cidr));
      cidrs.forEach((cidr, i) => {
        if (!families[i]) ctx.errors.push(`--service-cluster-ip-range: ${JSON.stringify(cidr)} is not a valid CIDR`);
      });
      if (families.length === 2 && families[0] && families[0] === families[1]) {
        ctx.errors.push('--service-cluster-ip-range: dual-stack ranges must have one IPv4 and one IPv6 CIDR');
      }
    }
  }
  const nodePort = num(ctx, 'orch-service-node-port');
  if (nodePort !== undefined) {
    const range = ctx.values['service-node-port-range'] as { base: number; size: number } | undefined;
    if (nodePort < 0 || nodePort > 65535) {
      ctx.errors.push(`--orch-service-node-port ${nodePort} must be between 0 and 65535, inclusive. If 0, the orch primary service will be of type ClusterIP.`);
    } else if (nodePort > 0 && range && (nodePort < range.base || nodePort >= range.base + range.size)) {
      ctx.errors.push(`--orch-service-node-port ${nodePort} is not in the --service-node-port-range ${range.base}-${range.base + range.size - 1}`);
    }
  }
}

function cidrFamily(cidr: string): 'v4' | 'v6' | undefined {
  const slash = cidr.indexOf('/');
  if (slash < 0) return undefined;
  const ip = cidr.slice(0, slash);
  const bits = cidr.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return undefined;
  if (isIPv4(ip) && Number(bits) <= 32) return 'v4';
  if (isIPv6(ip) && Number(bits) <= 128) return 'v6';
  return undefined;
}
