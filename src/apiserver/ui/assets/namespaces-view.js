// Namespaces with how many objects of each kind they hold, and one namespace's workloads. A
// count RBAC hides is shown as "–"; a user who may not list namespaces sees the one in the URL
// or their service account's.
import { listOrNull, serviceAccountNamespace } from './api.js';
import { esc, notice, workloadHref, yamlHref } from './dom.js';

const METADATA_ONLY = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1, application/json';

const COUNTED = [
  ['Pods', '/api/v1', 'pods'],
  ['Deployments', '/apis/apps/v1', 'deployments'],
  ['ReplicaSets', '/apis/apps/v1', 'replicasets'],
  ['StatefulSets', '/apis/apps/v1', 'statefulsets'],
  ['DaemonSets', '/apis/apps/v1', 'daemonsets'],
  ['Jobs', '/apis/batch/v1', 'jobs'],
  ['CronJobs', '/apis/batch/v1', 'cronjobs'],
  ['Services', '/api/v1', 'services'],
  ['ConfigMaps', '/api/v1', 'configmaps'],
  ['Secrets', '/api/v1', 'secrets'],
  ['ServiceAccounts', '/api/v1', 'serviceaccounts'],
  ['PVCs', '/api/v1', 'persistentvolumeclaims'],
  ['Events', '/api/v1', 'events'],
];

const WORKLOADS = [
  ['Deployment', '/apis/apps/v1', 'deployments', (o) => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 1}`],
  ['StatefulSet', '/apis/apps/v1', 'statefulsets', (o) => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 1}`],
  ['DaemonSet', '/apis/apps/v1', 'daemonsets', (o) => `${o.status?.numberReady ?? 0}/${o.status?.desiredNumberScheduled ?? 0}`],
  ['ReplicaSet', '/apis/apps/v1', 'replicasets', (o) => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 1}`],
  ['Job', '/apis/batch/v1', 'jobs', (o) => `${o.status?.succeeded ?? 0}/${o.spec?.completions ?? 1}`],
  ['CronJob', '/apis/batch/v1', 'cronjobs', (o) => `${(o.status?.active ?? []).length} active`],
];

const nsPath = (ns) => `/namespaces/${encodeURIComponent(ns)}`;

/** Namespace names the user may see: all of them, or those named by the URL and the user. */
async function visibleNamespaces(user, params, signal) {
  const all = await listOrNull('/api/v1/namespaces', { signal, accept: METADATA_ONLY });
  if (all) return { names: all.map((n) => n.metadata.name).sort(), all: true };
  const names = [params.get('namespace'), serviceAccountNamespace(user.username)].filter(Boolean);
  return { names: [...new Set(names)], all: false };
}

/** Counts per namespace of one kind: one list across namespaces, else one per namespace. */
async function countsOf([, prefix, resource], names, signal) {
  const counts = new Map();
  const everywhere = await listOrNull(`${prefix}/${resource}`, { signal, accept: METADATA_ONLY });
  if (everywhere) {
    for (const item of everywhere) counts.set(item.metadata.namespace, (counts.get(item.metadata.namespace) ?? 0) + 1);
    for (const ns of names) if (!counts.has(ns)) counts.set(ns, 0);
    return counts;
  }
  await Promise.all(names.map(async (ns) => {
    const items = await listOrNull(`${prefix}${nsPath(ns)}/${resource}`, { signal, accept: METADATA_ONLY });
    if (items) counts.set(ns, items.length);
  }));
  return counts;
}

export function mountNamespaces(main, ctx) {
  const controller = new AbortController();
  const one = ctx.params.get('namespace');
  main.innerHTML = '<section class="namespaces-view"><p class="muted">Loading…</p></section>';
  const section = main.querySelector('section');
  const fail = (err) => { if (!controller.signal.aborted) section.innerHTML = notice(String(err.message || err), 'error'); };
  if (one) workloadsOf(section, one, controller.signal).catch(fail);
  else overview(section, ctx, controller.signal).catch(fail);
  return () => controller.abort();
}

async function overview(section, { user, params }, signal) {
  const { names, all } = await visibleNamespaces(user, params, signal);
  if (!names.length) {
    section.innerHTML = notice('You may not list namespaces: open /ui/namespaces?namespace=<name> for one you may read.', 'error');
    return;
  }
  const counts = await Promise.all(COUNTED.map((kind) => countsOf(kind, names, signal)));
  const head = `<tr><th>Namespace</th>${COUNTED.map(([label]) => `<th class="num">${esc(label)}</th>`).join('')}<th></th></tr>`;
  const rows = names.map((ns) => {
    const cells = counts.map((c) => `<td class="num">${c.has(ns) ? c.get(ns) : '–'}</td>`).join('');
    return (
      `<tr data-namespace="${esc(ns)}"><td><a class="yaml" href="${esc(yamlHref(`/api/v1${nsPath(ns)}`))}">${esc(ns)}</a></td>${cells}` +
      `<td><a href="/ui/namespaces?namespace=${encodeURIComponent(ns)}">workloads</a> · <a href="/ui/events?namespace=${encodeURIComponent(ns)}">events</a></td></tr>`
    );
  });
  section.innerHTML =
    (all ? '' : notice('You may not list namespaces: showing the ones you were given.')) +
    `<h1>Namespaces</h1><table class="counts"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

async function workloadsOf(section, ns, signal) {
  const lists = await Promise.all(WORKLOADS.map(([, prefix, resource]) => listOrNull(`${prefix}${nsPath(ns)}/${resource}`, { signal })));
  const rows = [];
  WORKLOADS.forEach(([kind, prefix, resource, ready], i) => {
    for (const o of lists[i] ?? []) {
      const path = `${prefix}${nsPath(ns)}/${resource}/${encodeURIComponent(o.metadata.name)}`;
      const owner = o.metadata.ownerReferences?.find((r) => r.controller);
      rows.push(
        `<tr><td>${esc(kind)}</td><td><a href="${esc(workloadHref(path))}">${esc(o.metadata.name)}</a></td>` +
          `<td>${esc(ready(o))}</td><td>${owner ? esc(`${owner.kind}/${owner.name}`) : ''}</td>` +
          `<td><a class="yaml" href="${esc(yamlHref(path))}">yaml</a></td></tr>`,
      );
    }
  });
  const hidden = WORKLOADS.filter((_, i) => lists[i] === null).map(([kind]) => kind);
  section.innerHTML =
    `<h1>Namespace <a href="${esc(yamlHref(`/api/v1${nsPath(ns)}`))}">${esc(ns)}</a></h1>` +
    `<p><a href="/ui/events?namespace=${encodeURIComponent(ns)}">events of ${esc(ns)}</a> · <a href="/ui/namespaces">all namespaces</a></p>` +
    (hidden.length ? notice(`Not shown (you may not list them): ${hidden.join(', ')}.`) : '') +
    (rows.length
      ? `<table class="workloads"><thead><tr><th>Kind</th><th>Name</th><th>Ready</th><th>Controlled by</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p class="muted">No workloads.</p>');
}
