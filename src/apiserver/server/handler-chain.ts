// The request path, in the order a request meets it (ARCHITECTURE.md principle 1). Each filter
// wraps the rest of the chain; the list reads top to bottom and is folded from the inside out.
import type { RequestAuthenticator } from '../../component-base/authentication/types.ts';
import type { Authorizer } from '../../machinery/authorization/types.ts';
import type { RequestMetrics } from './request-metrics.ts';
import { withPanicRecovery } from '../filters/with-panic-recovery.ts';
import { withRequestInfo } from '../filters/with-request-info.ts';
import { withShutdownTracking } from '../filters/with-shutdown-tracking.ts';
import { withRequestMetrics } from '../filters/with-request-metrics.ts';
import { withGoaway } from '../filters/with-goaway.ts';
import { withCORS } from '../filters/with-cors.ts';
import { withHSTS } from '../filters/with-hsts.ts';
import { withMaxInFlight } from '../filters/with-max-in-flight.ts';
import { withConfiguredPriorityAndFairness } from '../filters/with-priority-and-fairness.ts';
import type { FlowController } from '../flowcontrol/controller.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { withTimeout } from '../filters/with-timeout.ts';
import { withAuthentication } from '../filters/with-authentication.ts';
import { withAuditID } from '../filters/with-audit-id.ts';
import { withAudit, withFailedAuthenticationAudit } from '../filters/with-audit.ts';
import type { AuditPipeline } from '../audit/build.ts';
import { withImpersonation } from '../filters/with-impersonation.ts';
import { withAuthorization } from '../filters/with-authorization.ts';
import type { ServerLifecycle } from './lifecycle.ts';
import type { Handler } from '../../component-base/serving/request-context.ts';
import type { RequestTracing } from '../tracing/provider.ts';

export interface ChainDeps {
  lifecycle: ServerLifecycle;
  requestMetrics: RequestMetrics;
  goawayChance: number;
  corsAllowedOrigins: RegExp[];
  hstsDirectives: string[];
  maxRequestsInflight: number;
  maxMutatingRequestsInflight: number;
  /** API Priority and Fairness in place of the max-in-flight filter. */
  priorityAndFairness: boolean;
  /** Its dispatcher, kept current from the stored configuration (the mandatory configuration when absent). */
  flowController?: FlowController;
  metrics?: MetricsRegistry;
  requestTimeoutMs: number;
  minRequestTimeoutSeconds: number;
  authenticator: RequestAuthenticator;
  authorizer: Authorizer;
  audit?: AuditPipeline;
  /** --tracing-config-file: a span per request; absent, requests are not traced. */
  tracing?: RequestTracing;
}

type Filter = (next: Handler) => Handler;

export function buildHandlerChain(mux: Handler, d: ChainDeps): Handler {
  const filters: Filter[] = [
    (h) => withPanicRecovery(h),
    // Every response carries an Audit-Id, failed authentication included.
    (h) => withAuditID(h),
    (h) => withRequestInfo(h),
    (h) => withShutdownTracking(h, { lifecycle: d.lifecycle }),
    (h) => withRequestMetrics(h, { metrics: d.requestMetrics }),
    (h) => withGoaway(h, { chance: d.goawayChance }),
    (h) => withCORS(h, { allowedOrigins: d.corsAllowedOrigins }),
    (h) => withHSTS(h, { directives: d.hstsDirectives }),
    (h) => withTimeout(h, { requestTimeoutMs: d.requestTimeoutMs, minRequestTimeoutSeconds: d.minRequestTimeoutSeconds }),
    (h) => withFailedAuthenticationAudit(h, d.audit),
    (h) => withAuthentication(h, { authenticator: d.authenticator }),
    // Inside authentication: whether the incoming trace context is trusted depends on the user.
    ...(d.tracing ? [(h: Handler) => d.tracing!.traceRequests(h)] : []),
    (h) => withAudit(h, d.audit),
    (h) => withImpersonation(h, { authorizer: d.authorizer }),
    // Both limits judge by user (probes and system:masters pass, priority levels are chosen by
    // user), so they sit where Kubernetes puts them: after authentication and impersonation.
    (h) =>
      d.priorityAndFairness
        ? withConfiguredPriorityAndFairness(h, d)
        : withMaxInFlight(h, {
            readOnlyLimit: d.maxRequestsInflight,
            mutatingLimit: d.maxMutatingRequestsInflight,
            observe: (kind, count) => d.requestMetrics.setInflight(kind, count),
          }),
    (h) => withAuthorization(h, { authorizer: d.authorizer }),
  ];
  return filters.reduceRight<Handler>((next, filter) => filter(next), mux);
}
