// Which Node labels a node may set on itself. Labels under node-restriction.orch.io/ are for
// administrators to steer workloads with, so a node may never set them; other orch.io labels
// only when they are the well-known ones a node reports about itself (hostname, zone, region,
// instance type, OS, architecture) or live under kubelet.orch.io/ or node.orch.io/.
export const NODE_RESTRICTION_LABEL_DOMAIN = 'node-restriction.orch.io';

const NODE_REPORTED_LABELS = new Set([
  'orch.io/hostname',
  'topology.orch.io/zone',
  'topology.orch.io/region',
  'failure-domain.beta.orch.io/zone',
  'failure-domain.beta.orch.io/region',
  'beta.orch.io/instance-type',
  'node.orch.io/instance-type',
  'orch.io/os',
  'orch.io/arch',
  'beta.orch.io/os',
  'beta.orch.io/arch',
]);

const NODE_REPORTED_DOMAINS = ['kubelet.orch.io', 'node.orch.io'];

function domainOf(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

const inDomain = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

function nodeMaySet(key: string): boolean {
  return NODE_REPORTED_LABELS.has(key) || NODE_REPORTED_DOMAINS.some((d) => inDomain(domainOf(key), d));
}

/** Keys added, removed or changed between two label sets. */
export function modifiedLabels(next: Readonly<Record<string, string>> = {}, prev: Readonly<Record<string, string>> = {}): string[] {
  const keys = new Set([...Object.keys(next), ...Object.keys(prev)]);
  return [...keys].filter((k) => next[k] !== prev[k]);
}

/** Of the given keys, those a node may not add, remove or change, sorted. */
export function forbiddenLabels(keys: readonly string[]): string[] {
  return keys
    .filter((key) => {
      const domain = domainOf(key);
      if (inDomain(domain, NODE_RESTRICTION_LABEL_DOMAIN)) return true;
      return inDomain(domain, 'orch.io') && !nodeMaySet(key);
    })
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
