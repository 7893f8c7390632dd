// An events.orch.io/v1 Event body for tests, about a Pod in `default`; `extra` overrides fields.
export function eventBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/test',
    reportingInstance: 'test-1',
    action: 'Testing',
    reason: 'Tested',
    type: 'Normal',
    note: 'hello',
    regarding: { kind: 'Pod', namespace: 'default', name: 'p1', apiVersion: 'v1' },
    ...extra,
  };
}
