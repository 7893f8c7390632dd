// A refusal Kubernetes' plugin returns as a plain Go error rather than an API status, which its
// API server answers with a 500. Here a refused request is never a server error: it is a 403
// Forbidden carrying Kubernetes' message word for word (PodTolerationRestriction's whitelist,
// PodNodeSelector's bad annotations, AlwaysPullImages' changed pull policy, ResourceQuota's
// uncovered scopes), so clients that match the text still do.
import { forbiddenMessage, type StatusError } from '../../../../machinery/status.ts';

export function unconvertedError(message: string): StatusError {
  return forbiddenMessage(message);
}

/**
 * Go's aggregate of several errors as one message: the message alone for one error, else the
 * distinct messages in brackets, comma-separated (utilerrors.NewAggregate's Error()).
 */
export function aggregateMessage(messages: readonly string[]): string {
  if (messages.length === 1) return messages[0]!;
  const distinct = [...new Set(messages)];
  return distinct.length === 1 ? distinct[0]! : `[${distinct.join(', ')}]`;
}
