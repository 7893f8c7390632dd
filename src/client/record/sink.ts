// Where recorded Events go: events.orch.io/v1 through the REST client. A series update is a
// strategic merge patch of `series` alone, as client-go's events sink sends it.
import type { EventV1 } from '../../api/events/v1/types.ts';
import type { RestClient } from '../rest/client.ts';

export interface EventSink {
  create(event: EventV1, signal?: AbortSignal): Promise<EventV1>;
  patchSeries(event: EventV1, signal?: AbortSignal): Promise<EventV1>;
}

const JSON_TYPE = 'application/json';

function eventsPath(namespace: string): string {
  return `/apis/events.orch.io/v1/namespaces/${encodeURIComponent(namespace)}/events`;
}

export function restEventSink(client: RestClient): EventSink {
  return {
    create(event, signal) {
      const body = { ...event, apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { ...event.metadata, resourceVersion: undefined } };
      return client.request<EventV1>({ method: 'POST', path: eventsPath(event.metadata.namespace ?? 'default'), body, contentType: JSON_TYPE, signal });
    },
    patchSeries(event, signal) {
      const path = `${eventsPath(event.metadata.namespace ?? 'default')}/${encodeURIComponent(event.metadata.name ?? '')}`;
      return client.request<EventV1>({ method: 'PATCH', path, body: { series: event.series }, patchType: 'application/strategic-merge-patch+json', signal });
    },
  };
}
