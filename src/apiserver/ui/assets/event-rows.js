// Table rows of events, shared by the events view and the workload view.
import { objectPath } from './api.js';
import { age, esc, workloadHref, yamlHref } from './dom.js';

export const WORKLOAD_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

// Fixed column widths (table-layout: fixed), so drawing a row never lays out the others again.
export const EVENT_HEADER =
  '<tr><th class="c-type">Type</th><th class="c-reason">Reason</th><th class="c-object">Object</th><th class="c-note">Message</th>' +
  '<th class="c-controller">Reporting controller</th><th class="num c-count">Count</th><th class="c-age">Age</th></tr>';

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
    `<td class="note" title="${esc(row.note)}">${esc(row.note)}</td>` +
    `<td title="${esc(row.controller)}">${esc(row.controller)}</td>` +
    `<td class="num">${row.count}</td>` +
    `<td class="age" title="${esc(row.lastSeen ? new Date(row.lastSeen).toISOString() : '')}">${ageText(row, now)}</td>` +
    `</tr>`
  );
}

function ageText(row, now) {
  return row.lastSeen ? age(now - row.lastSeen) : '—';
}

/**
 * The table body's rows for `rows`, reusing the elements of rows drawn before (a row object is
 * replaced when its event changes), so a drawing builds only the rows that are new and the
 * browser lays out only what moved. `drawn` maps uid to { row, tr } and is replaced by the result.
 */
export function reconcileRows(tbody, rows, drawn, now) {
  const next = new Map();
  const fresh = rows.filter((row) => drawn.get(row.uid)?.row !== row);
  const built = new Map();
  if (fresh.length) {
    const template = document.createElement('template');
    template.innerHTML = `<table><tbody>${fresh.map((row) => eventRowHtml(row, now)).join('')}</tbody></table>`;
    const trs = template.content.querySelectorAll('tr');
    fresh.forEach((row, i) => built.set(row.uid, trs[i]));
  }
  const trs = rows.map((row) => {
    let tr = built.get(row.uid);
    if (!tr) {
      tr = drawn.get(row.uid).tr;
      const cell = tr.lastElementChild;
      const text = ageText(row, now);
      if (cell.textContent !== text) cell.textContent = text;
    }
    next.set(row.uid, { row, tr });
    return tr;
  });
  // Only when the order changed: replacing children costs a layout of the whole table.
  const current = tbody.children;
  let same = current.length === trs.length;
  for (let i = 0; same && i < trs.length; i++) same = current[i] === trs[i];
  if (!same) tbody.replaceChildren(...trs);
  return next;
}
