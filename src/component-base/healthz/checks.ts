// Named health checks that components register. A check throws (or rejects) to fail; the reason
// is logged, never shown on the public endpoints.

export interface HealthCheck {
  name: string;
  check(): void | Promise<void>;
}

export const pingCheck: HealthCheck = { name: 'ping', check() {} };

/** Kubernetes' `log` check: logging is synchronous to stderr here, so it cannot stall. */
export const logCheck: HealthCheck = { name: 'log', check() {} };

/** Fails from the moment shutdown begins; readyz only. */
export function shutdownCheck(isShuttingDown: () => boolean): HealthCheck {
  return {
    name: 'shutdown',
    check() {
      if (isShuttingDown()) throw new Error('process is shutting down');
    },
  };
}

/** Wraps a check so it passes until `graceUntil` (for /livez and unfinished post-start hooks). */
export function passingUntil(check: HealthCheck, graceUntil: () => number): HealthCheck {
  return {
    name: check.name,
    check() {
      if (Date.now() < graceUntil()) return;
      return check.check();
    },
  };
}
