// A container's own restart policy and restart rules (ContainerRestartRules, on by default in
// 1.35): Always, OnFailure or Never, set whenever rules are; at most 20 rules, each with the
// Restart action and an In or NotIn test of at most 255 exit codes. An init container with
// restartPolicy Always (a sidecar) may not have rules.
import type { Container } from '../../../../../api/core/v1/container-types.ts';
import { forbidden, notSupported, required, tooMany, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { child, index } from '../../../../../machinery/validation/path.ts';

const POLICIES = ['Always', 'Never', 'OnFailure'];
const ACTIONS = ['Restart'];
const OPERATORS = ['In', 'NotIn'];
const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;

/** validateContainerRestartPolicy, for the container at `path`. */
export function validateContainerRestartPolicy(c: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const rules = c.restartPolicyRules ?? [];
  const policy = c.restartPolicy;
  if (policy === undefined || policy === null) {
    if (rules.length === 0) return errs;
    errs.push(required(child(path, 'restartPolicy'), 'must specify restartPolicy when restart rules are used'));
  } else if (!POLICIES.includes(policy)) errs.push(notSupported(child(path, 'restartPolicy'), policy, POLICIES));
  if (rules.length > MAX_RULES) errs.push(tooMany(child(path, 'restartPolicyRules'), rules.length, MAX_RULES));
  rules.forEach((rule, i) => {
    const at = index(child(path, 'restartPolicyRules'), i);
    const action = rule.action ?? '';
    if (!ACTIONS.includes(action)) errs.push(notSupported(child(at, 'action'), action, ACTIONS));
    const codes = rule.exitCodes;
    if (!codes) {
      errs.push(required(child(at, 'exitCodes'), 'must be specified'));
      return;
    }
    const operator = codes.operator ?? '';
    if (!OPERATORS.includes(operator)) errs.push(notSupported(child(at, 'exitCodes', 'operator'), operator, OPERATORS));
    const values = codes.values ?? [];
    if (values.length > MAX_EXIT_CODES) errs.push(tooMany(child(at, 'exitCodes', 'values'), values.length, MAX_EXIT_CODES));
  });
  return errs;
}

/** validateInitContainerRestartPolicy. */
export function validateInitContainerRestartPolicy(c: Container, path: string): FieldError[] {
  const rules = c.restartPolicyRules ?? [];
  if (c.restartPolicy === undefined || c.restartPolicy === null) {
    return rules.length ? [required(child(path, 'restartPolicy'), 'must specify restartPolicy when restart rules are used')] : [];
  }
  if (c.restartPolicy === 'Always') {
    return rules.length ? [forbidden(child(path, 'restartPolicyRules'), 'restartPolicyRules are not allowed for init containers with restart policy Always')] : [];
  }
  return validateContainerRestartPolicy(c, path);
}
