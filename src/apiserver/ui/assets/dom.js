// Small helpers shared by the views: HTML escaping, ages as kubectl prints them, links.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place inside HTML, attributes included. */
export function esc(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A duration in kubectl's short form: 45s, 12m, 5h, 3d. */
export function age(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 120) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** Milliseconds since the epoch of an API timestamp, or 0 when absent. */
export function timeOf(stamp) {
  if (!stamp) return 0;
  const t = Date.parse(stamp);
  return Number.isNaN(t) ? 0 : t;
}

/** The page's link to the YAML of the object at an API path. */
export function yamlHref(apiPath) {
  return `/ui/yaml?path=${encodeURIComponent(apiPath)}`;
}

/** The page's link to a workload's view. */
export function workloadHref(apiPath) {
  return `/ui/workload?path=${encodeURIComponent(apiPath)}`;
}

/** Sets a container's content from an HTML string and returns the container. */
export function setHtml(el, htmlText) {
  el.innerHTML = htmlText;
  return el;
}

/** A message box for errors and notices. */
export function notice(text, kind = 'info') {
  return `<p class="notice ${esc(kind)}" role="${kind === 'error' ? 'alert' : 'status'}">${esc(text)}</p>`;
}
