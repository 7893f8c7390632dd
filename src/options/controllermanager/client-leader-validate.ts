// Rules of the periods, API client and leader election rows.
import { bool, num, str, type ValidationContext } from '../validation-context.ts';
import { formatGoDuration } from '../go-duration.ts';
import { API_CONTENT_TYPES } from './periods-client.ts';

/** client-go's JitterFactor for leader election retries. */
const RETRY_JITTER = 1.2;

export function validateApiClient(ctx: ValidationContext): void {
  for (const name of ['namespace-sync-period', 'resource-quota-sync-period', 'min-resync-period']) {
    const value = num(ctx, name);
    if (value !== undefined && value <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
  const qps = num(ctx, 'orch-api-qps');
  if (qps !== undefined && qps < 0) ctx.errors.push('--orch-api-qps must not be negative');
  const burst = num(ctx, 'orch-api-burst');
  if (burst !== undefined && burst < 0) ctx.errors.push('--orch-api-burst must not be negative');
  if (qps !== undefined && qps > 0 && burst === 0) ctx.errors.push('--orch-api-burst must be at least 1 when --orch-api-qps is positive');
  const contentType = str(ctx, 'orch-api-content-type');
  if (!API_CONTENT_TYPES.includes(contentType)) {
    ctx.errors.push(`--orch-api-content-type ${JSON.stringify(contentType)} invalid, allowed values: ${API_CONTENT_TYPES.join(', ')}`);
  }
  const master = str(ctx, 'master');
  if (master !== '' && !parsesAsServer(master)) ctx.errors.push(`--master ${JSON.stringify(master)} is not a valid URL or host:port`);
}

export function validateLeaderElection(ctx: ValidationContext): void {
  const lock = str(ctx, 'leader-elect-resource-lock');
  if (lock !== 'leases') {
    ctx.errors.push(`--leader-elect-resource-lock ${JSON.stringify(lock)} is not supported: only "leases" is`);
  }
  const lease = num(ctx, 'leader-elect-lease-duration') ?? 0;
  const renew = num(ctx, 'leader-elect-renew-deadline') ?? 0;
  const retry = num(ctx, 'leader-elect-retry-period') ?? 0;
  if (!bool(ctx, 'leader-elect')) return;
  for (const [name, value] of [['leader-elect-lease-duration', lease], ['leader-elect-renew-deadline', renew], ['leader-elect-retry-period', retry]] as const) {
    if (value <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
  if (renew >= lease) {
    ctx.errors.push(`--leader-elect-renew-deadline ${formatGoDuration(renew)} must be less than --leader-elect-lease-duration ${formatGoDuration(lease)}`);
  }
  if (retry > 0 && renew > 0 && renew <= retry * RETRY_JITTER) {
    // client-go refuses a renew deadline that leaves no room for one jittered retry.
    ctx.errors.push(`--leader-elect-renew-deadline ${formatGoDuration(renew)} must be greater than ${RETRY_JITTER} times --leader-elect-retry-period ${formatGoDuration(retry)}`);
  }
  if (str(ctx, 'leader-elect-resource-name') === '') ctx.errors.push('--leader-elect-resource-name must not be empty');
  if (str(ctx, 'leader-elect-resource-namespace') === '') ctx.errors.push('--leader-elect-resource-namespace must not be empty');
  if (ctx.given.has('leader-migration-config') && !bool(ctx, 'enable-leader-migration')) {
    ctx.warnings.push('--leader-migration-config has no effect without --enable-leader-migration');
  }
}

function parsesAsServer(text: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.hostname !== '' && (url.protocol === 'https:' || url.protocol === 'http:');
  } catch {
    return false;
  }
}
