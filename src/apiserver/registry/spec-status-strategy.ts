// The strategy pair of a resource split into spec and status with nothing else particular to it:
// a create starts with an empty status, the main resource keeps the stored status, /status keeps
// the stored spec and the metadata a status write may not touch, and updates must name the
// resourceVersion they change. Resources with defaults or more rules write their pair out.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { StatusCause } from '../../machinery/status.ts';
import type { ResourceStrategy } from './resource.ts';
import { keepMetadataForStatus } from './status-metadata.ts';

type SpecStatusObject = ApiObject & { spec?: object; status?: object };

export function specStatusStrategies<T extends SpecStatusObject>(opts: {
  validate: (obj: T) => StatusCause[];
  validateUpdate: (obj: T, old: T) => StatusCause[];
  validateStatusUpdate: (obj: T, old: T) => StatusCause[];
}): { main: ResourceStrategy<T>; status: ResourceStrategy<T> } {
  const main: ResourceStrategy<T> = {
    prepareForCreate(obj) {
      obj.status = {};
    },
    prepareForUpdate(obj, old) {
      obj.status = structuredClone(old.status ?? {});
    },
    validate: opts.validate,
    validateUpdate: opts.validateUpdate,
    warningsOnCreate: () => [],
    warningsOnUpdate: () => [],
    canonicalize: () => {},
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
  };
  const status: ResourceStrategy<T> = {
    ...main,
    prepareForUpdate(obj, old) {
      obj.spec = structuredClone(old.spec ?? {});
      keepMetadataForStatus(obj.metadata, old.metadata);
    },
    validateUpdate: opts.validateStatusUpdate,
  };
  return { main, status };
}
