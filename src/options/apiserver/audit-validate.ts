// Rules of the audit rows; a backend's options are checked only when that backend is on (a log
// path, a webhook configuration file), as Kubernetes does.
import { bool, isSet, num, str, type ValidationContext } from '../validation-context.ts';

export const AUDIT_MODES: readonly string[] = ['batch', 'blocking', 'blocking-strict'];
export const AUDIT_LOG_FORMATS: readonly string[] = ['legacy', 'json'];
export const AUDIT_VERSIONS: readonly string[] = ['audit.orch.io/v1'];

export function validateAudit(ctx: ValidationContext): void {
  const logOn = isSet(ctx, 'audit-log-path');
  const webhookOn = isSet(ctx, 'audit-webhook-config-file');
  if (logOn) {
    const format = str(ctx, 'audit-log-format');
    if (!AUDIT_LOG_FORMATS.includes(format)) {
      ctx.errors.push(`--audit-log-format: invalid audit log format ${format}, allowed formats are ${JSON.stringify(AUDIT_LOG_FORMATS.join(','))}`);
    }
    for (const name of ['audit-log-maxage', 'audit-log-maxbackup', 'audit-log-maxsize']) {
      const value = num(ctx, name);
      if (value !== undefined && value < 0) ctx.errors.push(`--${name} ${value} can't be a negative number`);
    }
    validateBackend(ctx, 'audit-log');
  }
  if (webhookOn) {
    validateBackend(ctx, 'audit-webhook');
    const backoff = num(ctx, 'audit-webhook-initial-backoff');
    if (backoff !== undefined && backoff <= 0) ctx.errors.push('--audit-webhook-initial-backoff must be a positive duration');
  }
  if ((logOn || webhookOn) && !isSet(ctx, 'audit-policy-file')) {
    ctx.warnings.push('No audit policy file provided (--audit-policy-file), no events will be recorded');
  }
}

function validateBackend(ctx: ValidationContext, prefix: string): void {
  const mode = str(ctx, `${prefix}-mode`);
  if (!AUDIT_MODES.includes(mode)) {
    ctx.errors.push(`--${prefix}-mode: invalid audit ${prefix === 'audit-log' ? 'log' : 'webhook'} mode ${mode}, allowed modes are ${JSON.stringify(AUDIT_MODES.join(','))}`);
  }
  const version = str(ctx, `${prefix}-version`);
  if (!AUDIT_VERSIONS.includes(version)) {
    ctx.errors.push(`--${prefix}-version: invalid audit version ${version}, allowed versions are ${JSON.stringify(AUDIT_VERSIONS.join(','))}`);
  }
  if (mode === 'batch') {
    const positive = (name: string, what: string) => {
      const value = num(ctx, `${prefix}-${name}`) ?? 0;
      if (value <= 0) ctx.errors.push(`--${prefix}-${name}: invalid audit batch ${what} ${value}, must be a positive number`);
    };
    positive('batch-buffer-size', 'buffer size');
    positive('batch-max-size', 'max size');
    positive('batch-max-wait', 'max wait');
    if (bool(ctx, `${prefix}-batch-throttle-enable`)) {
      positive('batch-throttle-qps', 'throttle QPS');
      positive('batch-throttle-burst', 'throttle burst');
    }
  }
  if (bool(ctx, `${prefix}-truncate-enabled`)) {
    const batch = num(ctx, `${prefix}-truncate-max-batch-size`) ?? 0;
    const event = num(ctx, `${prefix}-truncate-max-event-size`) ?? 0;
    if (batch <= 0) ctx.errors.push(`--${prefix}-truncate-max-batch-size: invalid audit truncate max batch size ${batch}, must be a positive number`);
    if (event <= 0) ctx.errors.push(`--${prefix}-truncate-max-event-size: invalid audit truncate max event size ${event}, must be a positive number`);
    else if (event > batch) {
      ctx.errors.push(`--${prefix}-truncate-max-event-size: invalid audit truncate max event size ${event}, must not be greater than batch size ${batch}`);
    }
  }
}
