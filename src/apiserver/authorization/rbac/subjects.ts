// Which users a binding's subject names. A ServiceAccount subject is the user
// system:serviceaccount:<namespace>:<name>, its namespace defaulting to the binding's.
import type { Subject } from '../../../api/rbac/v1/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';

export const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/** Index key of a subject: "u:<user>" or "g:<group>"; undefined when it can never match. */
export function subjectKey(subject: Subject, bindingNamespace: string): string | undefined {
  switch (subject.kind) {
    case 'User':
      return `u:${subject.name}`;
    case 'Group':
      return `g:${subject.name}`;
    case 'ServiceAccount': {
      const ns = subject.namespace || bindingNamespace;
      return ns ? `u:${SERVICE_ACCOUNT_PREFIX}${ns}:${subject.name}` : undefined;
    }
    default:
      return undefined;
  }
}

/** The index keys a user is reachable by. */
export function userKeys(user: UserInfo): string[] {
  return [`u:${user.name}`, ...user.groups.map((g) => `g:${g}`)];
}

export function describeSubject(subject: Subject, bindingNamespace: string): string {
  if (subject.kind === 'ServiceAccount') return `ServiceAccount "${subject.namespace || bindingNamespace}/${subject.name}"`;
  return `${subject.kind} ${JSON.stringify(subject.name)}`;
}
