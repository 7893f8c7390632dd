// clusterIP, clusterIPs, ipFamilies and ipFamilyPolicy as Kubernetes checks them together
// (ValidateServiceClusterIPsRelatedFields) and across an update (validateUpgradeDowngrade*):
// clusterIPs[0] is clusterIP, "None" only alone, valid addresses at most one per family and of
// the families listed; a secondary address or family may be added or dropped (the latter only
// with SingleStack), the primary ones never change, except to or from ExternalName.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { duplicate, forbidden, invalid, notSupported, required, RenderedValue, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { ipFamilyOf, isDualStack } from '../../../../machinery/validation/cidr.ts';
import { CLUSTER_IP_NONE } from './allocation-facts.ts';

export const IP_FAMILIES = ['IPv4', 'IPv6'] as const;
export const IP_FAMILY_POLICIES = ['PreferDualStack', 'RequireDualStack', 'SingleStack'] as const;
export const INVALID_IP_MESSAGE = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

/** A Go slice as %#v prints it: `[]string{"a", "b"}`, `[]string(nil)` for nil. */
export function goSlice(type: string, values: readonly string[] | undefined): RenderedValue {
  return new RenderedValue(values === undefined ? `${type}(nil)` : `${type}{${values.map(goQuote).join(', ')}}`);
}

const ips = (svc: Service) => goSlice('[]string', svc.spec?.clusterIPs);
const families = (svc: Service) => goSlice('[]core.IPFamily', svc.spec?.ipFamilies);
const policyValue = (svc: Service) => (svc.spec?.ipFamilyPolicy === undefined ? null : svc.spec.ipFamilyPolicy);

/** isHeadlessService as validation reads it: exactly ["None"]. */
export function headless(svc: Service): boolean {
  const list = svc.spec?.clusterIPs ?? [];
  return list.length === 1 && list[0] === CLUSTER_IP_NONE;
}

export function validateClusterIPFields(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') return [];
  const errs: FieldError[] = [];
  const clusterIPs = spec.clusterIPs ?? [];
  if (spec.clusterIP) {
    if (!clusterIPs.length) errs.push(required('spec.clusterIPs'));
    else if (clusterIPs[0] !== spec.clusterIP) errs.push(invalid('spec.clusterIPs', ips(svc), 'first value must match `clusterIP`'));
  } else if (clusterIPs.length) {
    errs.push(invalid('spec.clusterIPs', ips(svc), 'must be empty when `clusterIP` is not specified'));
  }
  const seen = new Set<string>();
  (spec.ipFamilies ?? []).forEach((f, i) => {
    if (!(IP_FAMILIES as readonly string[]).includes(f)) errs.push(notSupported(`spec.ipFamilies[${i}]`, f, IP_FAMILIES));
    if (seen.has(f)) errs.push(duplicate(`spec.ipFamilies[${i}]`, f));
    seen.add(f);
  });
  if (spec.ipFamilyPolicy !== undefined && !(IP_FAMILY_POLICIES as readonly string[]).includes(spec.ipFamilyPolicy)) {
    errs.push(notSupported('spec.ipFamilyPolicy', spec.ipFamilyPolicy, IP_FAMILY_POLICIES));
  }
  let badIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === CLUSTER_IP_NONE) {
      if (clusterIPs.length > 1) {
        badIPs = true;
        errs.push(invalid('spec.clusterIPs', ips(svc), "'None' must be the first and only value"));
      }
      return;
    }
    if (!ipFamilyOf(ip)) {
      badIPs = true;
      errs.push(invalid(`spec.clusterIPs[${i}]`, ip, INVALID_IP_MESSAGE));
    }
  });
  if (clusterIPs.length > 2) errs.push(invalid('spec.clusterIPs', ips(svc), 'may only hold up to 2 values'));
  // Bad addresses would skew the checks below.
  if (badIPs) return errs;
  if (clusterIPs.length > 1 && !isDualStack(clusterIPs.map(ipFamilyOf))) {
    errs.push(invalid('spec.clusterIPs', ips(svc), 'may specify no more than one IP for each IP family'));
  }
  if (!headless(svc) && clusterIPs.length && spec.ipFamilies?.length) {
    clusterIPs.forEach((ip, i) => {
      const family = spec.ipFamilies![i];
      if (family === undefined) return;
      const actual = ipFamilyOf(ip);
      if (family === 'IPv4' && actual === 'IPv6') errs.push(invalid(`spec.clusterIPs[${i}]`, ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (family === 'IPv6' && actual !== 'IPv6') errs.push(invalid(`spec.clusterIPs[${i}]`, ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errs;
}

/** The ExternalName case of ValidateService: none of the cluster IP fields may be set. */
export function validateExternalNameClusterIPs(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.clusterIPs?.length) errs.push(forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
  if (spec.ipFamilies?.length) errs.push(forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
  if (spec.ipFamilyPolicy !== undefined) errs.push(forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
  return errs;
}

/** validateUpgradeDowngradeClusterIPs: the primary address is fixed; dropping the secondary needs SingleStack. */
export function validateClusterIPsUpdate(old: Service, svc: Service): FieldError[] {
  if (svc.spec?.type === 'ExternalName' || old.spec?.type === 'ExternalName') return [];
  if (headless(old) && headless(svc)) return [];
  const before = old.spec?.clusterIPs ?? [];
  const after = svc.spec?.clusterIPs ?? [];
  const errs: FieldError[] = [];
  const changed = 'may not change once set';
  if (before.length === after.length) {
    before.forEach((ip, i) => {
      if (ip !== after[i]) errs.push(invalid(`spec.clusterIPs[${i}]`, ips(svc), changed));
    });
  } else if (before.length > after.length) {
    if (!after.length) errs.push(invalid('spec.clusterIPs[0]', ips(svc), 'primary clusterIP can not be unset'));
    if (before.length && after.length && after[0] !== before[0]) errs.push(invalid('spec.clusterIPs[0]', ips(svc), changed));
    if (after.length === 1 && svc.spec?.ipFamilyPolicy !== 'SingleStack') {
      errs.push(invalid('spec.ipFamilyPolicy', policyValue(svc), "must be set to 'SingleStack' when releasing the secondary clusterIP"));
    }
  } else if (before.length && after[0] !== before[0]) {
    errs.push(invalid('spec.clusterIPs[0]', ips(svc), changed));
  }
  return errs;
}

/** validateUpgradeDowngradeIPFamilies: the same for ipFamilies; headless services may change families. */
export function validateIPFamiliesUpdate(old: Service, svc: Service): FieldError[] {
  if (svc.spec?.type === 'ExternalName' || old.spec?.type === 'ExternalName') return [];
  if (headless(old) !== headless(svc) || headless(svc)) return [];
  const before = old.spec?.ipFamilies ?? [];
  const after = svc.spec?.ipFamilies ?? [];
  const errs: FieldError[] = [];
  const changed = 'may not change once set';
  if (before.length === after.length) {
    before.forEach((f, i) => {
      if (f !== after[i]) errs.push(invalid('spec.ipFamilies[0]', families(svc), changed));
    });
  } else if (before.length > after.length) {
    // Kubernetes reads clusterIPs here and shows clusterIPs as the value; kept for fidelity.
    if (!(svc.spec?.clusterIPs?.length)) errs.push(invalid('spec.ipFamilies[0]', families(svc), 'primary ipFamily can not be unset'));
    if (after.length && after[0] !== before[0]) errs.push(invalid('spec.ipFamilies[0]', ips(svc), changed));
    if (after.length === 1 && svc.spec?.ipFamilyPolicy !== 'SingleStack') {
      errs.push(invalid('spec.ipFamilyPolicy', policyValue(svc), "must be set to 'SingleStack' when releasing the secondary ipFamily"));
    }
  } else if (before.length && after.length && after[0] !== before[0]) {
    errs.push(invalid('spec.ipFamilies[0]', ips(svc), changed));
  }
  return errs;
}
