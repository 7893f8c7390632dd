// What a write may change on a CSIDriver: bodies get Kubernetes' defaults (attach required, no
// pod info on mount, no capacity tracking, fsGroupPolicy ReadWriteOnceWithFSType, Persistent
// volumes only, no republishing, no SELinux mounts); a changed spec bumps the generation, and an
// update must name a resourceVersion.
import type { CSIDriver } from '../../../../api/storage/v1/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateCSIDriver, validateCSIDriverUpdate } from './validation.ts';

export function defaultCSIDriver(driver: CSIDriver): CSIDriver {
  const spec = (driver.spec ??= {});
  spec.attachRequired ??= true;
  spec.podInfoOnMount ??= false;
  spec.storageCapacity ??= false;
  spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
  if (!spec.volumeLifecycleModes?.length) spec.volumeLifecycleModes = ['Persistent'];
  spec.requiresRepublish ??= false;
  spec.seLinuxMount ??= false;
  return driver;
}

export const csiDriverStrategy: ResourceStrategy<CSIDriver> = {
  prepareForCreate: (driver) => void defaultCSIDriver(driver),
  prepareForUpdate(driver, old) {
    defaultCSIDriver(driver);
    if (!deepEqual(driver.spec, old.spec)) driver.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateCSIDriver,
  validateUpdate: validateCSIDriverUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};
