// AlwaysAdmit: admits every request (deprecated upstream; kept for compatibility).
import type { AdmissionPlugin } from '../types.ts';

export function alwaysAdmit(): AdmissionPlugin {
  return {
    name: 'AlwaysAdmit',
    handles: () => true,
    admit: () => {},
    validate: () => {},
  };
}
