// Rules of the node address allocation and cloud rows.
import { bool, isSet, num, str, type ValidationContext } from '../validation-context.ts';
import { CIDR_ALLOCATOR_TYPES } from './node-cloud.ts';

export function validateNodeCloud(ctx: ValidationContext): void {
  const allocate = bool(ctx, 'allocate-node-cidrs');
  if (allocate && !isSet(ctx, 'cluster-cidr')) {
    ctx.errors.push('--allocate-node-cidrs requires --cluster-cidr');
  }
  for (const name of ['cluster-cidr', 'service-cluster-ip-range']) {
    const value = str(ctx, name);
    if (value === '') continue;
    for (const cidr of value.split(',')) {
      if (!isCidr(cidr.trim())) ctx.errors.push(`--${name}: ${JSON.stringify(cidr)} is not a valid CIDR`);
    }
    if (!allocate) ctx.warnings.push(`--${name} is used only when --allocate-node-cidrs is true; it is ignored`);
  }
  const allocator = str(ctx, 'cidr-allocator-type');
  if (!CIDR_ALLOCATOR_TYPES.includes(allocator)) {
    ctx.errors.push(`--cidr-allocator-type: unsupported CIDR allocator type ${JSON.stringify(allocator)}, allowed values: ${CIDR_ALLOCATOR_TYPES.join(', ')}`);
  }
  checkMask(ctx, 'node-cidr-mask-size', 128);
  checkMask(ctx, 'node-cidr-mask-size-ipv4', 32);
  checkMask(ctx, 'node-cidr-mask-size-ipv6', 128);
  const period = num(ctx, 'route-reconciliation-period');
  if (period !== undefined && period <= 0) ctx.errors.push('--route-reconciliation-period must be a positive duration');
  const provider = str(ctx, 'cloud-provider');
  if (provider !== '' && provider !== 'external') {
    ctx.errors.push(`--cloud-provider: ${JSON.stringify(provider)} is not supported: in-tree cloud providers are gone; use "external" or leave it empty`);
  }
  if (isSet(ctx, 'external-cloud-volume-plugin') && provider !== 'external') {
    ctx.errors.push('--external-cloud-volume-plugin may only be set when --cloud-provider is "external"');
  }
}

function checkMask(ctx: ValidationContext, name: string, max: number): void {
  const value = num(ctx, name);
  if (value !== undefined && ctx.given.has(name) && (value < 1 || value > max)) {
    ctx.errors.push(`--${name} ${value} must be between 1 and ${max}`);
  }
}

function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const ip = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const isV6 = ip.includes(':');
  const max = isV6 ? 128 : 32;
  if (Number(bits) > max) return false;
  if (!isV6) return ip.split('.').length === 4 && ip.split('.').every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
  try {
    return new URL(`http://[${ip}]/`).hostname !== '';
  } catch {
    return false;
  }
}
