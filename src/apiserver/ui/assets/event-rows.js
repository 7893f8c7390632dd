// Table rows of events, shared by the events view and the workload view.
import { objectPath } from './api.js';
import { age, esc, workloadHref, yamlHref } from './dom.js';

export const WORKLOAD_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

export const EVENT_HEADER =
  '<tr><th>Type</th><th>Reason</th><th>Object</th><th>Message</th><th>Reporting controller</th><th class="num">Count</th><th>Age</th></tr>';

function eventPath(row) {
  const base = row.apiVersion === 'v1' ? '/api/v1' : '/apis/events.orch.io/v1';
  return `${base}/namespaces/${encodeURIComponent(row.namespace)}/events/${encodeURIComponent(row.name)}`;
}

function objectCell(row) {
  const ref = row.regarding;
  if (!ref.kind || !ref.name) return '<td class="object muted">—</td>';
  row.regardingPath ??= objectPath(ref);
  const workload = WORKLOAD_KINDS.has(ref.kind) ? ` <a class="view" href="${esc(workloadHref(row.regardingPath))}">view</a>` : '';
  const ns = ref.namespace ? ` <span class="ns">${esc(ref.namespace)}</span>` : '';
  return `<td class="object"><a class="yaml" href="${esc(yamlHref(row.regardingPath))}">${esc(ref.kind)}/${esc(ref.name)}</a>${ns}${workload}</td>`;
}

/** One row's markup; the reason links to the event's own YAML, the object to its YAML. */
export function eventRowHtml(row, now) {
  const warning = row.type === 'Warning';
  return (
    `<tr class="${warning ? 'warning' : ''}" data-uid="${esc(row.uid)}">` +
    `<td><span class="type type-${esc(row.type.toLowerCase())}">${esc(row.type)}</span></td>` +
    `<td><a class="reason" href="${esc(yamlHref(eventPath(row)))}">${esc(row.reason || '—')}</a></td>` +
    objectCell(row) +
    `<td class="note">${esc(row.note)}</td>` +
    `<td>${esc(row.controller)}</td>` +
    `<td class="num">${row.count}</td>` +
    `<td title="${esc(row.lastSeen ? new Date(row.lastSeen).toISOString() : '')}">${row.lastSeen ? age(now - row.lastSeen) : '—'}</td>` +
    `</tr>`
  );
}
