// The patch entry points the PATCH handler calls.

export { applyJsonPatch, maxJsonPatchOperations } from './json-patch.ts';
export { applyMergePatch } from './merge-patch.ts';
export { applyStrategicMergePatch } from './strategic-merge-patch.ts';
export { acceptedPatchMediaTypes, parsePatchBody, patchTypeFromContentType, requirePatchType } from './patch-type.ts';
export type { PatchType } from './patch-type.ts';
export { eventSchema, genericObjectSchema, objectMetaSchema } from './schema.ts';
