// A pod's DNS settings as Kubernetes validates them: the DNS policy, the dnsConfig it needs
// with None (at most 3 name servers, 32 search domains of 2048 characters in all, named
// options), and host aliases (an IP and DNS-subdomain host names).
import type { HostAlias, PodDNSConfig } from '../../../../../api/core/v1/pod-types.ts';
import { invalid, notSupported, required, RenderedValue, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { byteLength, maxLenError, regexError } from '../../../../../machinery/validation/names.ts';
import { dnsSubdomain, validIP } from './checks.ts';

export const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const MAX_NAMESERVERS = 3;
const MAX_SEARCH_PATHS = 32;
const MAX_SEARCH_LIST_CHARS = 2048;

// Search domains may hold underscores (SRV-style names), as Kubernetes' relaxed check allows.
const LABEL_WITH_UNDERSCORE = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SUBDOMAIN_WITH_UNDERSCORE = `${LABEL_WITH_UNDERSCORE}(\\.${LABEL_WITH_UNDERSCORE})*`;
const SUBDOMAIN_WITH_UNDERSCORE_RE = new RegExp(`^${SUBDOMAIN_WITH_UNDERSCORE}$`);
const SUBDOMAIN_WITH_UNDERSCORE_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";

function goStrings(values: readonly string[]): RenderedValue {
  return new RenderedValue(`[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`);
}

export function validateDNSPolicy(policy: string | undefined, path: string): FieldError[] {
  if (!policy) return [required(path)];
  return DNS_POLICIES.includes(policy) ? [] : [notSupported(path, policy, DNS_POLICIES)];
}

function validateSearch(search: string, path: string): FieldError[] {
  if (search === '.') return [];
  const name = search.endsWith('.') ? search.slice(0, -1) : search;
  const errs: FieldError[] = [];
  if (byteLength(name) > 253) errs.push(invalid(path, name, maxLenError(253)));
  if (!SUBDOMAIN_WITH_UNDERSCORE_RE.test(name)) errs.push(invalid(path, name, regexError(SUBDOMAIN_WITH_UNDERSCORE_MSG, SUBDOMAIN_WITH_UNDERSCORE, 'example.com')));
  return errs;
}

export function validateDNSConfig(config: PodDNSConfig | undefined, policy: string | undefined, path: string): FieldError[] {
  if (policy === 'None') {
    if (!config) return [required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (!config.nameservers?.length) return [required(`${path}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!config) return [];
  const errs: FieldError[] = [];
  const nameservers = config.nameservers ?? [];
  if (nameservers.length > MAX_NAMESERVERS) errs.push(invalid(`${path}.nameservers`, goStrings(nameservers), `must not have more than ${MAX_NAMESERVERS} nameservers`));
  nameservers.forEach((ns, i) => errs.push(...validIP(ns, `${path}.nameservers[${i}]`)));
  const searches = config.searches ?? [];
  if (searches.length > MAX_SEARCH_PATHS) errs.push(invalid(`${path}.searches`, goStrings(searches), `must not have more than ${MAX_SEARCH_PATHS} search paths`));
  if (searches.join(' ').length > MAX_SEARCH_LIST_CHARS) {
    errs.push(invalid(`${path}.searches`, goStrings(searches), `must not have more than ${MAX_SEARCH_LIST_CHARS} characters (including spaces) in the search list`));
  }
  searches.forEach((s, i) => errs.push(...validateSearch(s, `${path}.searches[${i}]`)));
  (config.options ?? []).forEach((o, i) => {
    if (!o.name) errs.push(required(`${path}.options[${i}]`, 'must not be empty'));
  });
  return errs;
}

export function validateHostAliases(aliases: readonly HostAlias[] | undefined, path: string): FieldError[] {
  return (aliases ?? []).flatMap((a, i) => [
    ...validIP(a.ip ?? '', `${path}[${i}].ip`),
    ...(a.hostnames ?? []).flatMap((h, j) => dnsSubdomain(h, `${path}[${i}].hostnames[${j}]`)),
  ]);
}
