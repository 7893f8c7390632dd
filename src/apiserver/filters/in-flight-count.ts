// The in-flight request counts both limiting filters keep per kind of request, for their limits
// and for apiserver_current_inflight_requests.

export type RequestKind = 'readOnly' | 'mutating';

/** Counts one request of `kind` in flight until the returned function is first called. */
export function countInFlight(counts: Record<RequestKind, number>, kind: RequestKind, observe?: (kind: RequestKind, count: number) => void): () => void {
  counts[kind]++;
  observe?.(kind, counts[kind]);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    counts[kind]--;
    observe?.(kind, counts[kind]);
  };
}
