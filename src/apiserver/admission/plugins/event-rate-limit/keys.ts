// The bucket key of an event for each limit type, as Kubernetes keys them; an events.orch.io
// Event keys by deprecatedSource and regarding, the fields core's source and involvedObject map to.
import type { AdmissionAttributes } from '../../types.ts';
import type { LimitType } from './config.ts';

interface EventShape {
  source?: { component?: string; host?: string };
  deprecatedSource?: { component?: string; host?: string };
  involvedObject?: Record<string, string | undefined>;
  regarding?: Record<string, string | undefined>;
}

export function sourceAndObjectKey(object: unknown): string {
  const ev = (object ?? {}) as EventShape;
  const source = ev.source ?? ev.deprecatedSource ?? {};
  const ref = ev.involvedObject ?? ev.regarding ?? {};
  return [source.component, source.host, ref['kind'], ref['namespace'], ref['name'], ref['uid'], ref['apiVersion']].map((s) => s ?? '').join('');
}

export function limitKey(type: LimitType, attrs: AdmissionAttributes): string {
  switch (type) {
    case 'Server':
      return '';
    case 'Namespace':
      return attrs.namespace;
    case 'User':
      return attrs.userInfo?.name ?? '';
    case 'SourceAndObject':
      return sourceAndObjectKey(attrs.object);
  }
}
