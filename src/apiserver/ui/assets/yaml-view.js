// One object as YAML, as the server renders it (Accept: application/yaml). Managed fields are
// folded away unless asked for, as kubectl does.
import { ApiError, request } from './api.js';
import { esc, notice, workloadHref } from './dom.js';

const WORKLOAD_RESOURCES = /\/(deployments|replicasets|statefulsets|daemonsets|jobs|cronjobs)\/[^/]+$/;

/** The YAML without metadata.managedFields (two-space indented under metadata, as the server writes it). */
export function withoutManagedFields(yaml) {
  const out = [];
  let skipping = false;
  for (const line of yaml.split('\n')) {
    if (line === '  managedFields:') {
      skipping = true;
      continue;
    }
    if (skipping && (line.startsWith('   ') || line.startsWith('  - '))) continue;
    skipping = false;
    out.push(line);
  }
  return out.join('\n');
}

export function mountYaml(main, { params }) {
  const path = params.get('path') || '';
  const controller = new AbortController();
  const workload = WORKLOAD_RESOURCES.test(path) ? ` · <a href="${esc(workloadHref(path))}">workload view</a>` : '';
  main.innerHTML = `
    <section class="yaml-view">
      <h1><code>${esc(path)}</code></h1>
      <p class="muted"><label><input type="checkbox" class="managed"> show managed fields</label>${workload}</p>
      <div class="slot"><p class="muted">Loading…</p></div>
    </section>`;
  const slot = main.querySelector('.slot');
  const box = main.querySelector('.managed');
  let text = '';
  const show = () => {
    slot.innerHTML = `<pre class="yaml">${esc(box.checked ? text : withoutManagedFields(text))}</pre>`;
  };
  box.addEventListener('change', show);
  if (!/^\/apis?\//.test(path)) {
    slot.innerHTML = notice('Not an API path.', 'error');
  } else {
    request(path, { accept: 'application/yaml', signal: controller.signal }).then(
      (yaml) => { text = String(yaml); show(); },
      (err) => {
        if (controller.signal.aborted) return;
        slot.innerHTML = notice(err instanceof ApiError ? `${err.status}: ${err.message}` : String(err), 'error');
      },
    );
  }
  return () => controller.abort();
}
