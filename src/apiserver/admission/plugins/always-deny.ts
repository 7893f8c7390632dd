// AlwaysDeny: refuses every write, in both phases (for tests of the chain itself).
import type { AdmissionAttributes, AdmissionPlugin } from '../types.ts';
import { admissionForbidden } from '../forbidden.ts';

const WHY = 'admission control is denying all modifications';

export function alwaysDeny(): AdmissionPlugin {
  const deny = (attrs: AdmissionAttributes) => {
    throw admissionForbidden(attrs, WHY);
  };
  return { name: 'AlwaysDeny', handles: () => true, admit: deny, validate: deny };
}
