// Conversion of custom resources between versions by the definition's webhook: one
// ConversionReview per batch of objects (a whole list page at once), checked as Kubernetes checks
// the answer — same uid, as many objects as sent, each in the desired apiVersion and of the same
// kind, with only labels and annotations of its metadata changed (the rest is restored).
import { randomUUID } from 'node:crypto';
import type { CustomResourceConversion } from '../../../api/apiextensions/v1/types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { internalError } from '../../../machinery/status.ts';
import { postReview } from '../../admission/plugins/webhook/client.ts';
import type { ServiceResolver } from '../../aggregator/resolver.ts';
import type { EgressDialer } from '../../egress/selector.ts';

/** How long a conversion webhook may take, as Kubernetes allows it. */
const TIMEOUT_SECONDS = 30;

export interface Converter {
  /** `objects` in `apiVersion` (those already in it are left as they are). */
  convert(objects: readonly ApiObject[], apiVersion: string): Promise<ApiObject[]>;
}

interface ReviewAnswer {
  response?: { uid?: string; convertedObjects?: ApiObject[]; result?: { status?: string; message?: string } };
}

function conversionFailed(message: string): Error {
  return internalError(`conversion webhook for ${message}`);
}

/** Keeps what a webhook may not change: everything in metadata but labels and annotations. */
function withOriginalMetadata(converted: ApiObject, original: ApiObject): ApiObject {
  const { labels, annotations } = converted.metadata ?? {};
  const metadata = { ...original.metadata };
  if (labels) metadata.labels = labels;
  else delete metadata.labels;
  if (annotations) metadata.annotations = annotations;
  else delete metadata.annotations;
  return { ...converted, metadata };
}

export function webhookConverter(conversion: CustomResourceConversion, kind: string, resolve?: ServiceResolver, dial?: EgressDialer): Converter {
  const webhook = conversion.webhook;
  const reviewVersion = webhook?.conversionReviewVersions?.includes('v1') ? 'v1' : 'v1beta1';
  return {
    async convert(objects, apiVersion) {
      const pending = objects.filter((o) => o.apiVersion !== apiVersion);
      if (!pending.length) return [...objects];
      const uid = randomUUID();
      const review = {
        apiVersion: `apiextensions.k8s.io/${reviewVersion}`,
        kind: 'ConversionReview',
        request: { uid, desiredAPIVersion: apiVersion, objects: pending },
      };
      const what = `${kind} failed`;
      let answer: ReviewAnswer;
      try {
        answer = (await postReview(webhook?.clientConfig ?? {}, review, TIMEOUT_SECONDS, resolve, dial)) as ReviewAnswer;
      } catch (err) {
        throw conversionFailed(`${what}: ${(err as Error).message}`);
      }
      const response = answer.response;
      if (!response) throw conversionFailed(`${what}: the response has no "response" field`);
      if (response.uid !== uid) throw conversionFailed(`${what}: expected response uid ${JSON.stringify(uid)}, got ${JSON.stringify(response.uid)}`);
      if (response.result?.status !== 'Success') throw conversionFailed(`${what}: ${response.result?.message ?? 'the webhook did not answer Success'}`);
      const converted = response.convertedObjects ?? [];
      if (converted.length !== pending.length) throw conversionFailed(`${what}: returned ${converted.length} objects, expected ${pending.length}`);
      const byOriginal = new Map<ApiObject, ApiObject>();
      pending.forEach((original, i) => {
        const out = converted[i]!;
        if (out.apiVersion !== apiVersion) throw conversionFailed(`${what}: invalid converted object: expected apiVersion ${apiVersion}, got ${String(out.apiVersion)}`);
        if (out.kind !== original.kind) throw conversionFailed(`${what}: invalid converted object: expected kind ${String(original.kind)}, got ${String(out.kind)}`);
        byOriginal.set(original, withOriginalMetadata(out, original));
      });
      return objects.map((o) => byOriginal.get(o) ?? o);
    },
  };
}
