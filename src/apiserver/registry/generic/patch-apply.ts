// Applies a decoded patch document of one of the four patch types to an object's served form.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch, genericObjectSchema, type PatchType } from '../../../machinery/patch/index.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';

export function applyPatchDocument(type: PatchType, current: ApiObject, patch: unknown, schema: StructuralSchema | undefined): ApiObject {
  switch (type) {
    case 'json':
      return applyJsonPatch(current, patch);
    case 'merge':
      return applyMergePatch(current, patch);
    case 'strategic':
      return applyStrategicMergePatch(current, patch, schema ?? genericObjectSchema);
    case 'apply':
      // Only reached without a field manager; the patch handler refuses that first.
      return applyStrategicMergePatch(current, patch, schema ?? genericObjectSchema);
  }
}
