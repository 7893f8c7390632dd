// metadata.generation counts changes of the spec, as the resource group's strategies count them.
import type { ObjectMeta } from '../../../api/meta/v1/types.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';

export function bumpGenerationOnSpecChange(obj: { metadata: ObjectMeta; spec?: unknown }, old: { metadata: ObjectMeta; spec?: unknown }): void {
  if (!deepEqual(obj.spec, old.spec)) obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
}
