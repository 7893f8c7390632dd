// The AdmissionReview exchanged with a webhook: the request in the admission.k8s.io/v1 wire form
// real webhooks expect, and the checks Kubernetes makes of the response.
import { randomUUID } from 'node:crypto';
import type { AdmissionAttributes } from '../../types.ts';
import type { MatchedTarget } from '../matching/rules.ts';
import { convertObject } from '../matching/equivalent-resource.ts';
import { WebhookCallError } from './client.ts';

export const REVIEW_API_VERSIONS = ['admission.k8s.io/v1', 'admission.orch.io/v1'];

export interface ReviewResponse {
  uid: string;
  allowed: boolean;
  status?: { code?: number; message?: string; reason?: string; status?: string; details?: unknown };
  patch?: string;
  patchType?: string;
  warnings?: string[];
  auditAnnotations?: Record<string, string>;
}

export function buildReview(attrs: AdmissionAttributes, target: MatchedTarget): { uid: string; review: unknown } {
  const uid = randomUUID();
  const user = attrs.userInfo;
  const request: Record<string, unknown> = {
    uid,
    kind: target.kind,
    resource: target.resource,
    requestKind: attrs.kind,
    requestResource: attrs.resource,
    name: attrs.name || (attrs.object?.metadata?.name ?? ''),
    namespace: attrs.namespace,
    operation: attrs.operation,
    userInfo: { username: user?.name ?? '', ...(user?.uid ? { uid: user.uid } : {}), groups: user?.groups ?? [], ...(user?.extra ? { extra: user.extra } : {}) },
    object: attrs.object ? convertObject(attrs.object, target.kind) : null,
    oldObject: attrs.oldObject ? convertObject(attrs.oldObject, target.kind) : null,
    dryRun: attrs.dryRun,
    options: optionsFor(attrs),
  };
  if (attrs.subresource) {
    request['subResource'] = attrs.subresource;
    request['requestSubResource'] = attrs.subresource;
  }
  return { uid, review: { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request } };
}

function optionsFor(attrs: AdmissionAttributes): unknown {
  const kind = attrs.operation === 'CREATE' ? 'CreateOptions' : attrs.operation === 'UPDATE' ? 'UpdateOptions' : attrs.operation === 'DELETE' ? 'DeleteOptions' : undefined;
  return kind ? { apiVersion: 'meta.k8s.io/v1', kind } : null;
}

/** The response, or a WebhookCallError saying what is wrong with it. */
export function verifyResponse(raw: unknown, uid: string, mutating: boolean): ReviewResponse {
  const invalid = (why: string) => new WebhookCallError(`received invalid webhook response: ${why}`);
  const doc = (raw ?? {}) as { apiVersion?: string; kind?: string; response?: ReviewResponse };
  if (!REVIEW_API_VERSIONS.includes(doc.apiVersion ?? '') || doc.kind !== 'AdmissionReview') {
    throw invalid(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${doc.apiVersion ?? ''}, Kind=${doc.kind ?? ''}`);
  }
  const r = doc.response;
  if (!r || typeof r !== 'object') throw invalid('webhook response was absent');
  if (r.uid !== uid) throw invalid(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(r.uid ?? '')}`);
  if (typeof r.allowed !== 'boolean') throw invalid('response.allowed is required');
  if (r.patch !== undefined && r.patch !== '') {
    if (!mutating) throw invalid('validating webhook may not return response.patch');
    if (r.patchType === undefined) throw invalid('webhook returned response.patch but not response.patchType');
    if (r.patchType !== 'JSONPatch') throw invalid(`webhook returned invalid response.patchType of ${JSON.stringify(r.patchType)}`);
  } else if (r.patchType !== undefined && r.patchType !== 'JSONPatch') {
    throw invalid(`webhook returned invalid response.patchType of ${JSON.stringify(r.patchType)}`);
  }
  return r;
}
