// One workload, live: its readiness and conditions, its pods and their phases, and the events
// about it, its pods and the ReplicaSets between them. Three watches: the object itself, the pods
// its selector picks, and the events of its namespace.
import { EventStore } from './event-store.js';
import { EVENT_HEADER, eventRowHtml } from './event-rows.js';
import { eventSources } from './events-view.js';
import { watchCollection } from './watch.js';
import { age, esc, notice, timeOf, yamlHref } from './dom.js';

const PATH = /^(\/apis?\/.+)\/namespaces\/([^/]+)\/([^/]+)\/([^/]+)$/;

/** A label selector's query form (matchLabels and matchExpressions). */
export function selectorString(selector) {
  const parts = Object.entries(selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of selector?.matchExpressions ?? []) {
    const values = (e.values ?? []).join(',');
    if (e.operator === 'In') parts.push(`${e.key} in (${values})`);
    else if (e.operator === 'NotIn') parts.push(`${e.key} notin (${values})`);
    else if (e.operator === 'Exists') parts.push(e.key);
    else if (e.operator === 'DoesNotExist') parts.push(`!${e.key}`);
  }
  return parts.join(',');
}

function podRow(pod, now) {
  const statuses = pod.status?.containerStatuses ?? [];
  const ready = statuses.filter((c) => c.ready).length;
  const restarts = statuses.reduce((n, c) => n + (c.restartCount ?? 0), 0);
  const path = `/api/v1/namespaces/${encodeURIComponent(pod.metadata.namespace)}/pods/${encodeURIComponent(pod.metadata.name)}`;
  const phase = pod.metadata.deletionTimestamp ? 'Terminating' : pod.status?.phase ?? 'Pending';
  return (
    `<tr><td><a class="yaml" href="${esc(yamlHref(path))}">${esc(pod.metadata.name)}</a></td>` +
    `<td><span class="phase phase-${esc(phase.toLowerCase())}">${esc(phase)}</span></td>` +
    `<td>${ready}/${(pod.spec?.containers ?? []).length}</td><td class="num">${restarts}</td>` +
    `<td>${esc(pod.spec?.nodeName ?? '')}</td><td>${age(now - timeOf(pod.metadata.creationTimestamp))}</td></tr>`
  );
}

function conditionRows(conditions) {
  return conditions
    .map((c) =>
      `<tr class="${c.status === 'True' ? '' : 'condition-off'}"><td>${esc(c.type)}</td><td>${esc(c.status)}</td><td>${esc(c.reason ?? '')}</td>` +
      `<td>${esc(c.message ?? '')}</td><td>${esc(c.lastTransitionTime ?? '')}</td></tr>`)
    .join('');
}

export function mountWorkload(main, { params }) {
  const path = params.get('path') || '';
  const match = PATH.exec(path);
  if (!match) {
    main.innerHTML = notice('Not a workload path.', 'error');
    return () => {};
  }
  const [, prefix, namespace, resource, name] = match.map(decodeURIComponent);
  const controller = new AbortController();
  const { signal } = controller;
  let workload = null;
  let problem = '';
  const pods = new Map();
  const events = new EventStore();
  let podsWatched = false;
  let timer = 0;

  main.innerHTML = `<section class="workload-view"><h1>${esc(resource)}/<a class="yaml" href="${esc(yamlHref(path))}">${esc(name)}</a>
    <span class="ns">${esc(namespace)}</span></h1><div class="body"><p class="muted">Loading…</p></div></section>`;
  const body = main.querySelector('.body');

  const draw = () => {
    timer = 0;
    if (problem) {
      body.innerHTML = notice(problem, 'error');
      return;
    }
    if (!workload) return;
    const now = Date.now();
    const s = workload.status ?? {};
    const podList = [...pods.values()].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    // Events about the workload, its pods, and the pods' owners (a Deployment's ReplicaSets).
    const related = new Set([`${workload.kind}/${name}`]);
    for (const pod of podList) {
      related.add(`Pod/${pod.metadata.name}`);
      for (const owner of pod.metadata.ownerReferences ?? []) related.add(`${owner.kind}/${owner.name}`);
    }
    const rows = events.matching({}).filter((r) => related.has(`${r.regarding.kind}/${r.regarding.name}`));
    const summary = [
      ['replicas', workload.spec?.replicas],
      ['ready', s.readyReplicas ?? s.numberReady],
      ['updated', s.updatedReplicas ?? s.updatedNumberScheduled],
      ['available', s.availableReplicas ?? s.numberAvailable],
      ['active', Array.isArray(s.active) ? s.active.length : s.active],
      ['succeeded', s.succeeded],
      ['failed', s.failed],
    ].filter(([, v]) => v !== undefined);
    body.innerHTML =
      `<p class="summary">${summary.map(([k, v]) => `<span><b>${esc(k)}</b> ${esc(v)}</span>`).join(' ')}</p>` +
      `<h2>Conditions</h2>` +
      ((s.conditions ?? []).length
        ? `<table class="conditions"><thead><tr><th>Type</th><th>Status</th><th>Reason</th><th>Message</th><th>Last transition</th></tr></thead><tbody>${conditionRows(s.conditions)}</tbody></table>`
        : '<p class="muted">None reported.</p>') +
      `<h2>Pods (${podList.length})</h2>` +
      (podList.length
        ? `<table class="pods"><thead><tr><th>Name</th><th>Phase</th><th>Ready</th><th class="num">Restarts</th><th>Node</th><th>Age</th></tr></thead><tbody>${podList.map((p) => podRow(p, now)).join('')}</tbody></table>`
        : `<p class="muted">${podsWatched ? 'No pods.' : 'Its pods are not selected by a label selector.'}</p>`) +
      `<h2>Events (${rows.length})</h2>` +
      (rows.length ? `<table class="events"><thead>${EVENT_HEADER}</thead><tbody>${rows.slice(0, 200).map((r) => eventRowHtml(r, now)).join('')}</tbody></table>` : '<p class="muted">None.</p>');
  };
  const schedule = () => { if (!timer) timer = setTimeout(draw, 100); };
  const refuse = (err) => { problem = `${err.status}: ${err.message}`; schedule(); };

  const watchPods = () => {
    const selector = workload.kind === 'CronJob' ? '' : selectorString(workload.spec?.selector);
    if (!selector || podsWatched) return;
    podsWatched = true;
    watchCollection(`/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`, { labelSelector: selector }, {
      onReset: () => pods.clear(),
      onEvents: (batch) => {
        for (const { type, object } of batch) {
          if (type === 'DELETED') pods.delete(object.metadata.name);
          else pods.set(object.metadata.name, object);
        }
        schedule();
      },
      onError: () => schedule(),
    }, signal);
  };
  watchCollection(`${prefix}/namespaces/${encodeURIComponent(namespace)}/${resource}`, { fieldSelector: `metadata.name=${name}` }, {
    onEvents: (batch) => {
      for (const { type, object } of batch) workload = type === 'DELETED' ? null : object;
      problem = workload ? '' : `${resource}/${name} does not exist (any more).`;
      if (workload) watchPods();
      schedule();
    },
    onSynced: () => { if (!workload) problem = `${resource}/${name} not found in namespace ${namespace}.`; schedule(); },
    onError: refuse,
  }, signal);
  const sources = eventSources(namespace);
  const watchEvents = (index) =>
    watchCollection(sources[index], {}, {
      onReset: () => events.reset(),
      onEvents: (batch) => { events.apply(batch); schedule(); },
      onError: (err) => { if (err.status === 403 && index + 1 < sources.length) watchEvents(index + 1); },
    }, signal);
  watchEvents(0);
  const ages = setInterval(schedule, 1000);
  return () => {
    controller.abort();
    clearInterval(ages);
    clearTimeout(timer);
  };
}
