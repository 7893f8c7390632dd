// The API machinery controllers' rows as typed options: ValidatingAdmissionPolicyStatusController
// (--concurrent-validating-admission-policy-status-syncs). The storage version controllers and the
// resource claim controller have no rows in 1.35: their worker counts are fixed.
import type { OptionReader } from '../option-reader.ts';

export interface ValidatingAdmissionPolicyStatusControllerOptions {
  /** --concurrent-validating-admission-policy-status-syncs; zero or less takes the row's default. */
  workers: number;
}

export function validatingAdmissionPolicyStatusControllerOptions(r: OptionReader): ValidatingAdmissionPolicyStatusControllerOptions {
  return { workers: r.positiveNumber('concurrent-validating-admission-policy-status-syncs') };
}
