// The EventRateLimit configuration (eventratelimit.admission.orch.io/v1alpha1 Configuration):
// a list of limits, each a token bucket per key of its type, defaulted and validated as
// Kubernetes does.
export const EVENT_RATE_LIMIT_API_VERSION = 'eventratelimit.admission.orch.io/v1alpha1';
export const LIMIT_TYPES = ['Server', 'Namespace', 'User', 'SourceAndObject'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** Buckets kept per limit type other than Server when cacheSize is unset. */
export const DEFAULT_CACHE_SIZE = 4096;

export interface EventRateLimitSpec {
  type: LimitType;
  qps: number;
  burst: number;
  /** Most recently used keys whose buckets are kept; 0 for Server. */
  cacheSize: number;
}

export class EventRateLimitConfigError extends Error {}

function num(v: unknown): number {
  return typeof v === 'number' ? v : v === undefined || v === null ? 0 : Number.NaN;
}

/** Parses, defaults and validates; throws EventRateLimitConfigError listing every problem. */
export function parseEventRateLimitConfig(raw: unknown): EventRateLimitSpec[] {
  const doc = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // A document naming neither kind nor apiVersion is read as the Configuration; a wrong one is refused.
  if (doc['kind'] !== undefined || doc['apiVersion'] !== undefined) {
    if (doc['kind'] !== 'Configuration' || doc['apiVersion'] !== EVENT_RATE_LIMIT_API_VERSION) {
      throw new EventRateLimitConfigError(`expected kind Configuration of ${EVENT_RATE_LIMIT_API_VERSION}, got ${JSON.stringify(doc['kind'] ?? '')} of ${JSON.stringify(doc['apiVersion'] ?? '')}`);
    }
  }
  const limits = Array.isArray(doc['limits']) ? (doc['limits'] as unknown[]) : [];
  const errs: string[] = [];
  if (!limits.length) errs.push('limits: Invalid value: null: must not be empty');
  const out: EventRateLimitSpec[] = [];
  limits.forEach((entry, i) => {
    const l = (entry ?? {}) as Record<string, unknown>;
    const path = `limits[${i}]`;
    const type = String(l['type'] ?? '');
    const qps = num(l['qps']);
    const burst = num(l['burst']);
    let cacheSize = num(l['cacheSize']);
    if (!(LIMIT_TYPES as readonly string[]).includes(type)) errs.push(`${path}.type: Unsupported value: ${JSON.stringify(type)}: supported values: ${LIMIT_TYPES.map((t) => JSON.stringify(t)).join(', ')}`);
    if (type === 'Server' && cacheSize !== 0) errs.push(`${path}.cacheSize: Invalid value: ${l['cacheSize']}: cacheSize is not supported for Server limit type`);
    if (type !== 'Server' && !(cacheSize >= 0)) errs.push(`${path}.cacheSize: Invalid value: ${l['cacheSize']}: must not be negative`);
    if (!(qps > 0)) errs.push(`${path}.qps: Invalid value: ${l['qps'] ?? 0}: must be positive`);
    if (!(burst > 0)) errs.push(`${path}.burst: Invalid value: ${l['burst'] ?? 0}: must be positive`);
    if (type !== 'Server' && cacheSize === 0) cacheSize = DEFAULT_CACHE_SIZE;
    out.push({ type: type as LimitType, qps, burst: Math.floor(burst), cacheSize: Math.floor(cacheSize) });
  });
  if (errs.length) throw new EventRateLimitConfigError(errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`);
  return out;
}
