// An Event as stored, shared by the patch and apply tests.

import type { ApiObject } from '../../api/meta/v1/types.ts';

export function sampleEvent(): ApiObject {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: {
      name: 'e1',
      namespace: 'default',
      uid: '6f1c1a3e-0000-4000-8000-000000000001',
      resourceVersion: '10',
      creationTimestamp: '2026-01-02T03:04:05Z',
      labels: { app: 'web' },
      finalizers: ['a.example/x'],
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Pod', name: 'p1', uid: 'u1' },
        { apiVersion: 'v1', kind: 'Pod', name: 'p2', uid: 'u2' },
      ],
    },
    eventTime: '2026-01-02T03:04:05.123456Z',
    reportingController: 'orch.io/test',
    reportingInstance: 'test-1',
    action: 'Started',
    reason: 'Started',
    type: 'Normal',
    note: 'hello',
    regarding: { kind: 'Pod', namespace: 'default', name: 'p1' },
  };
}
