// The structural schemas the patch and apply machinery fall back on when a caller names none:
// an Event's (events.orch.io/v1), and for any other kind its metadata alone, with the rest kept
// as it is. Their merge semantics are derived from the structural schema (schema/merge-schema.ts).
import type { StructuralSchema } from '../schema/structural.ts';
import { kindSchema } from '../openapi/kind-schemas.ts';
import { lazySchema } from '../schema/lazy-schema.ts';

export const objectMetaSchema: StructuralSchema = lazySchema(() => ({ ...kindSchema('io.orch.apimachinery.pkg.apis.meta.v1.ObjectMeta'), default: {} }));

/** events.orch.io/v1 Event. */
export const eventSchema: StructuralSchema = kindSchema('io.orch.api.events.v1.Event');

/** A kind nothing more is known about: metadata as declared, every other field kept untyped. */
export const genericObjectSchema: StructuralSchema = {
  type: 'object',
  properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: objectMetaSchema },
  'x-kubernetes-preserve-unknown-fields': true,
};
