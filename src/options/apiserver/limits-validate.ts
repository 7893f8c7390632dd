// Rules of the limits and the start-up / shutdown rows.
import { bool, num, rejectNegative, type ValidationContext } from '../validation-context.ts';

export function validateLimits(ctx: ValidationContext): void {
  rejectNegative(ctx, ['max-requests-inflight', 'max-mutating-requests-inflight', 'request-timeout', 'min-request-timeout']);
  const readOnly = num(ctx, 'max-requests-inflight') ?? 0;
  const mutating = num(ctx, 'max-mutating-requests-inflight') ?? 0;
  if (bool(ctx, 'enable-priority-and-fairness') && readOnly >= 0 && mutating >= 0 && readOnly + mutating <= 0) {
    ctx.errors.push('--max-requests-inflight plus --max-mutating-requests-inflight must be positive when --enable-priority-and-fairness is true: the sum is the total concurrency limit');
  }
}

export function validateLifecycle(ctx: ValidationContext): void {
  const grace = num(ctx, 'livez-grace-period');
  if (grace !== undefined && grace < 0) ctx.errors.push('--livez-grace-period can not be a negative value');
  rejectNegative(ctx, ['shutdown-delay-duration', 'storage-initialization-timeout']);
  const watchGrace = num(ctx, 'shutdown-watch-termination-grace-period');
  if (watchGrace !== undefined && watchGrace < 0) {
    ctx.errors.push('--shutdown-watch-termination-grace-period, if provided, can not be a negative value');
  }
}
