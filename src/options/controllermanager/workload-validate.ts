// Rules of the volume, autoscaler, node lifecycle and endpoint rows.
import { num, rejectNegative, type ValidationContext } from '../validation-context.ts';

/** Go's net/http2 defaults for the node agent's connection health checks, in seconds. */
const HTTP2_PING_TIMEOUT_DEFAULT = 15;
const HTTP2_READ_IDLE_TIMEOUT_DEFAULT = 30;

export function validateVolume(ctx: ValidationContext): void {
  const period = num(ctx, 'attach-detach-reconcile-sync-period');
  if (period !== undefined && period <= 1000) {
    ctx.errors.push(`--attach-detach-reconcile-sync-period ${formatSeconds(period)} must be larger than one second`);
  }
  rejectNegative(ctx, ['pvclaimbinder-sync-period', 'pv-recycler-minimum-timeout-nfs', 'pv-recycler-increment-timeout-nfs',
    'pv-recycler-minimum-timeout-hostpath', 'pv-recycler-timeout-increment-hostpath']);
}

export function validateAutoscaler(ctx: ValidationContext): void {
  const tolerance = num(ctx, 'horizontal-pod-autoscaler-tolerance');
  if (tolerance !== undefined && tolerance < 0) ctx.errors.push('--horizontal-pod-autoscaler-tolerance must not be negative');
  const period = num(ctx, 'horizontal-pod-autoscaler-sync-period');
  if (period !== undefined && period <= 0) ctx.errors.push('--horizontal-pod-autoscaler-sync-period must be a positive duration');
  rejectNegative(ctx, ['horizontal-pod-autoscaler-downscale-stabilization', 'horizontal-pod-autoscaler-cpu-initialization-period',
    'horizontal-pod-autoscaler-initial-readiness-delay']);
}

export function validateNodeLifecycle(ctx: ValidationContext, env: NodeJS.ProcessEnv = process.env): void {
  const grace = num(ctx, 'node-monitor-grace-period');
  const ping = envSeconds(env, 'HTTP2_PING_TIMEOUT_SECONDS', HTTP2_PING_TIMEOUT_DEFAULT);
  const idle = envSeconds(env, 'HTTP2_READ_IDLE_TIMEOUT_SECONDS', HTTP2_READ_IDLE_TIMEOUT_DEFAULT);
  if (grace !== undefined && grace <= (ping + idle) * 1000) {
    ctx.errors.push(`--node-monitor-grace-period ${formatSeconds(grace)} must be greater than the sum of HTTP2_PING_TIMEOUT_SECONDS (${ping}) and HTTP2_READ_IDLE_TIMEOUT_SECONDS (${idle}) seconds`);
  }
  for (const name of ['node-startup-grace-period', 'node-monitor-period']) {
    const value = num(ctx, name);
    if (value !== undefined && value <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
  rejectNegative(ctx, ['node-eviction-rate', 'secondary-node-eviction-rate', 'large-cluster-size-threshold']);
  const zone = num(ctx, 'unhealthy-zone-threshold');
  if (zone !== undefined && (zone <= 0 || zone > 1)) ctx.errors.push(`--unhealthy-zone-threshold ${zone} must be greater than 0 and at most 1`);
}

export function validateEndpoints(ctx: ValidationContext): void {
  for (const name of ['max-endpoints-per-slice', 'mirroring-max-endpoints-per-subset']) {
    const value = num(ctx, name);
    if (value !== undefined && (value < 1 || value > 1000)) ctx.errors.push(`--${name} ${value} must be between 1 and 1000`);
  }
  rejectNegative(ctx, ['endpoint-updates-batch-period', 'endpointslice-updates-batch-period', 'mirroring-endpointslice-updates-batch-period']);
}

function envSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name]);
  return env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function formatSeconds(ms: number): string {
  return `${ms / 1000}s`;
}
