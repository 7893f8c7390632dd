// An error a Kubernetes plugin returns as a plain Go error rather than an API status: the API
// server answers it with 500, no reason, and the error's text as the message. Several pod plugins
// refuse that way (PodTolerationRestriction's whitelist, PodNodeSelector's bad annotations), and
// clients see exactly that answer, so it is kept.
import { StatusError } from '../../../../machinery/status.ts';

export function unconvertedError(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
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
