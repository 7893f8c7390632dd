// One webhook call with Kubernetes' consequences: a denial becomes the webhook's Status, a call
// that fails is ignored (failurePolicy Ignore, recorded in the audit event) or refused as an
// internal error (Fail); warnings become Warning headers, audit annotations are prefixed by the
// webhook's name.
import { klog } from '../../../../component-base/logs/klog.ts';
import { internalError, StatusError } from '../../../../machinery/status.ts';
import type { ValidatingWebhook } from '../../../../api/admissionregistration/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { MatchedTarget } from '../matching/rules.ts';
import { addAdmissionAuditAnnotation, addAdmissionWarning } from '../../request-scope.ts';
import { postReview, WebhookCallError } from './client.ts';
import type { ServiceResolver } from '../../../aggregator/resolver.ts';
import type { EgressDialer } from '../../../egress/selector.ts';
import { buildReview, verifyResponse, type ReviewResponse } from './review.ts';

const log = klog('apiserver/admission/webhook');

/** admission webhook "x" denied the request: why (at least a 400 Failure). */
export function deniedBy(webhook: string, status: ReviewResponse['status']): StatusError {
  const s = { ...(status ?? {}) };
  const prefix = `admission webhook ${JSON.stringify(webhook)} denied the request`;
  const message = s.message ? `${prefix}: ${s.message}` : s.reason ? `${prefix}: ${s.reason}` : `${prefix} without explanation`;
  const code = typeof s.code === 'number' && s.code >= 400 ? s.code : 400;
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    ...(s.reason ? { reason: s.reason as never } : {}),
    ...(s.details ? { details: s.details as never } : {}),
    code,
  });
}

export interface CallContext {
  kind: 'validating' | 'mutating';
  /** Reaches a webhook named by its service. */
  resolve?: ServiceResolver;
  /** The egress selector's cluster dialer; none: webhooks are dialled directly. */
  dial?: EgressDialer;
  round: number;
  index: number;
}

/** The verified response, or undefined when the call failed and the failure policy ignores it. */
export async function callWebhook(hook: ValidatingWebhook, attrs: AdmissionAttributes, target: MatchedTarget, ctx: CallContext): Promise<ReviewResponse | undefined> {
  const { uid, review } = buildReview(attrs, target);
  let response: ReviewResponse;
  try {
    response = verifyResponse(await postReview(hook.clientConfig, review, hook.timeoutSeconds ?? 10, ctx.resolve, ctx.dial), uid, ctx.kind === 'mutating');
  } catch (err) {
    const why = err instanceof WebhookCallError ? err.message : `failed to call webhook: ${(err as Error).message}`;
    const message = `failed calling webhook ${JSON.stringify(hook.name)}: ${why}`;
    if ((hook.failurePolicy ?? 'Fail') === 'Ignore') {
      log.warning('Failed calling webhook, failing open', { webhook: hook.name, err: message });
      addAdmissionAuditAnnotation(`failed-open.${ctx.kind}.webhook.admission.orch.io/round_${ctx.round}_index_${ctx.index}`, hook.name);
      return undefined;
    }
    log.warning('Failed calling webhook, failing closed', { webhook: hook.name, err: message });
    throw internalError(message);
  }
  for (const w of response.warnings ?? []) addAdmissionWarning(w);
  for (const [k, v] of Object.entries(response.auditAnnotations ?? {})) addAdmissionAuditAnnotation(`${hook.name}/${k}`, v);
  if (!response.allowed) throw deniedBy(hook.name, response.status);
  return response;
}
