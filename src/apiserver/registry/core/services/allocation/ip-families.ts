// A service's ipFamilyPolicy and ipFamilies filled in from the cluster's service ranges, as
// Kubernetes' initIPFamilyFields does before it allocates: SingleStack unless asked otherwise (or
// headless without a selector, which is RequireDualStack), families inferred from the cluster IPs
// asked for, the primary range's family by default, and the second family added for dual-stack
// policies when two ranges are configured. Refusals carry Kubernetes' field errors.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { invalid, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { familyOf, type IPFamily } from '../../../../../machinery/net/ip-address.ts';
import { CLUSTER_IP_NONE } from '../allocation-facts.ts';
import { goSlice } from '../cluster-ip-validation.ts';


function otherFamily(f: string): IPFamily {
  return f === 'IPv4' ? 'IPv6' : 'IPv4';
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** An update that leaves a PreferDualStack service's IP fields as they were: nothing to do, whatever the cluster became since. */
export function isUnchangedPreferDualStack(svc: Service, old: Service | undefined): boolean {
  if (!old || !svc.spec?.ipFamilyPolicy || !old.spec) return false;
  const type = svc.spec.type;
  if (old.spec.type !== type || (type !== 'ClusterIP' && type !== 'NodePort' && type !== 'LoadBalancer')) return false;
  if (svc.spec.ipFamilyPolicy !== 'PreferDualStack' || (old.spec.ipFamilyPolicy && old.spec.ipFamilyPolicy !== 'PreferDualStack')) return false;
  return sameList(old.spec.clusterIPs, svc.spec.clusterIPs) && sameList(old.spec.ipFamilies, svc.spec.ipFamilies);
}

/**
 * Fills `svc.spec.ipFamilyPolicy` and `svc.spec.ipFamilies` for a cluster whose ranges have
 * `families` (the primary first); returns the field errors that refuse the service.
 */
export function initIPFamilyFields(svc: Service, old: Service | undefined, families: readonly IPFamily[]): FieldError[] {
  const spec = (svc.spec ??= {});
  if (spec.type === 'ExternalName') return [];
  if (isUnchangedPreferDualStack(svc, old)) return [];
  const headlessSelectorless = spec.clusterIP === CLUSTER_IP_NONE && Object.keys(spec.selector ?? {}).length === 0;
  if (!spec.ipFamilyPolicy) {
    if (old?.spec?.ipFamilyPolicy) spec.ipFamilyPolicy = old.spec.ipFamilyPolicy;
    else spec.ipFamilyPolicy = headlessSelectorless ? 'RequireDualStack' : 'SingleStack';
  }
  const policy = spec.ipFamilyPolicy;
  const errs: FieldError[] = [];
  const clusterIPs = spec.clusterIPs ?? [];
  const ipFamilies = (spec.ipFamilies ??= []);

  if (old?.spec) {
    if (policy === 'SingleStack') {
      // Unchanged lists cut to one entry: asking for single-stack is the intent to drop the secondary.
      if (sameList(old.spec.clusterIPs, spec.clusterIPs) && clusterIPs.length > 1) spec.clusterIPs = clusterIPs.slice(0, 1);
      if (sameList(old.spec.ipFamilies, spec.ipFamilies) && ipFamilies.length > 1) spec.ipFamilies = ipFamilies.slice(0, 1);
    } else {
      if (clusterIPs.length > 0 && clusterIPs.length < (old.spec.clusterIPs ?? []).length) {
        errs.push(invalid('spec.ipFamilyPolicy', policy, "must be 'SingleStack' to release the secondary cluster IP"));
      }
      if (ipFamilies.length > 0 && ipFamilies.length < (old.spec.ipFamilies ?? []).length) {
        errs.push(invalid('spec.ipFamilyPolicy', policy, "must be 'SingleStack' to release the secondary IP family"));
      }
    }
  }
  const families2 = spec.ipFamilies!;
  if (policy === 'SingleStack') {
    if ((spec.clusterIPs ?? []).length === 2) errs.push(invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    if (families2.length === 2) errs.push(invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
  }
  // Families follow from the addresses asked for.
  const ips = spec.clusterIPs ?? [];
  for (let i = 0; i < ips.length; i++) {
    if (ips[i] === CLUSTER_IP_NONE) break;
    const fam = familyOf(ips[i]!);
    if (!fam || i < families2.length) continue;
    if (!families.includes(fam)) errs.push(invalid(`spec.clusterIPs[${i}]`, goSlice('[]string', ips), `${fam} is not configured on this cluster`));
    else families2.push(fam);
  }
  if (errs.length) return errs;

  if (headlessSelectorless) {
    if (families2.length === 0) families2.push(families[0]!);
    if (families2.length < 2 && policy !== 'SingleStack') families2.push(otherFamily(families2[0]!));
    return [];
  }
  if (policy === 'RequireDualStack' && families.length < 2) {
    errs.push(invalid('spec.ipFamilyPolicy', policy, 'this cluster is not configured for dual-stack services'));
  }
  families2.forEach((f, i) => {
    if (!families.includes(f as IPFamily)) errs.push(invalid(`spec.ipFamilies[${i}]`, f, 'not configured on this cluster'));
  });
  if (errs.length) return errs;
  if (families2.length === 0) families2.push(families[0]!);
  if (policy !== 'SingleStack' && families2.length === 1 && families.length === 2) families2.push(otherFamily(families2[0]!));
  return [];
}
