// DenyServiceExternalIPs: no service may take on an external IP it did not already have; existing
// ones may stay or be removed. External IPs let a service capture traffic for any address.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { coreObject } from '../core-v1/targets.ts';

export function denyServiceExternalIPs(): AdmissionPlugin {
  return {
    name: 'DenyServiceExternalIPs',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(attrs) {
      const svc = coreObject<Service>(attrs, 'services');
      const ips = svc?.spec?.externalIPs ?? [];
      if (!ips.length) return;
      const had = new Set((attrs.oldObject as Service | undefined)?.spec?.externalIPs ?? []);
      if (attrs.oldObject && ips.every((ip) => had.has(ip))) return;
      throw admissionForbidden(attrs, 'Use of external IPs is denied by admission control');
    },
  };
}
