// The live events view: a watch of events feeding a bounded store, a table newest first, filters
// (namespace, type, reason, kind) kept in the URL, and a chart of the last hour. The watch covers
// every namespace when RBAC allows; otherwise the filtered namespace (or the service account's).
// Rendering is decoupled from arrival: batches land in the store, and the table is drawn at most
// ten times a second, with only its newest rows, so a burst of events never freezes the page.
import { serviceAccountNamespace } from './api.js';
import { watchCollection } from './watch.js';
import { EventStore } from './event-store.js';
import { EVENT_HEADER, reconcileRows } from './event-rows.js';
import { chartSvg, perMinute } from './chart.js';
import { esc, notice } from './dom.js';

const SHOWN_ROWS = 100;
const FILTERS = ['namespace', 'type', 'reason', 'kind'];

/** Event collections to try, most useful first: events.orch.io, then core v1 (what `view` grants). */
export function eventSources(namespace) {
  const ns = namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return [`/apis/events.orch.io/v1${ns}/events`, `/api/v1${ns}/events`];
}

export function mountEvents(main, { user, params }) {
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? '']));
  main.innerHTML = `
    <section class="events-view">
      <form class="filters" autocomplete="off">
        <label>Namespace <input name="namespace" list="ui-namespaces" placeholder="all" value="${esc(filters.namespace)}"></label>
        <label>Type <select name="type">
          <option value="">all</option><option value="Normal">Normal</option><option value="Warning">Warning</option>
        </select></label>
        <label>Reason <input name="reason" list="ui-reasons" placeholder="any" value="${esc(filters.reason)}"></label>
        <label>Kind <input name="kind" list="ui-kinds" placeholder="any" value="${esc(filters.kind)}"></label>
        <button type="button" class="clear">Clear</button>
        <datalist id="ui-namespaces"></datalist><datalist id="ui-reasons"></datalist><datalist id="ui-kinds"></datalist>
      </form>
      <div class="scope"></div>
      <figure class="chart-box"><figcaption>Events per minute, last hour</figcaption><div class="chart-slot"></div></figure>
      <p class="count" aria-live="polite"></p>
      <table class="events"><thead>${EVENT_HEADER}</thead><tbody></tbody></table>
    </section>`;
  const form = main.querySelector('form');
  form.elements.type.value = filters.type;
  const tbody = main.querySelector('tbody');
  const countEl = main.querySelector('.count');
  const scopeEl = main.querySelector('.scope');
  const chartSlot = main.querySelector('.chart-slot');
  const store = new EventStore();
  let controller = null;
  let watchedNamespace = null;
  let state = 'connecting';
  // Drawing state: dirty once the store or the filters changed since the last drawing.
  let dirty = true;
  let drawnAt = 0;
  let chartAt = 0;
  let frame = 0;
  let drawn = new Map();

  // --- watching -----------------------------------------------------------------------------
  const watchFrom = (sources, namespace, index = 0) => {
    controller?.abort();
    controller = new AbortController();
    watchedNamespace = namespace;
    const path = sources[index];
    state = 'connecting';
    watchCollection(path, {}, {
      onReset: () => store.reset(),
      onEvents: (batch) => { store.apply(batch); dirty = true; },
      // The chart is drawn again as soon as the initial state is in.
      onSynced: () => { state = 'live'; dirty = true; chartAt = 0; },
      onState: (s) => { if (s === 'reconnecting' || state !== 'connecting') state = s; dirty = true; },
      onError: (err) => {
        if (err.status === 403 && index + 1 < sources.length) return watchFrom(sources, namespace, index + 1);
        if (err.status === 403 && namespace === '') return watchNamespaced();
        state = 'forbidden';
        scopeEl.innerHTML = notice(err.message, 'error');
        dirty = true;
      },
    }, controller.signal);
    scopeEl.innerHTML = namespace ? notice(`Showing the events of namespace ${namespace}: you may not read events in every namespace.`) : '';
  };
  // Without the right to watch every namespace, the one in the filter or the service account's.
  const watchNamespaced = () => {
    const namespace = filters.namespace || serviceAccountNamespace(user.username);
    if (!namespace) {
      controller?.abort();
      watchedNamespace = '';
      state = 'forbidden';
      scopeEl.innerHTML = notice('You may not read events in every namespace: type a namespace in the filter.', 'error');
      return;
    }
    if (!filters.namespace) filters.namespace = namespace;
    form.elements.namespace.value = filters.namespace;
    watchFrom(eventSources(namespace), namespace);
  };
  watchFrom(eventSources(''), '');

  // --- filters --------------------------------------------------------------------------------
  const syncUrl = () => {
    const q = new URLSearchParams();
    for (const f of FILTERS) if (filters[f]) q.set(f, filters[f]);
    const search = q.toString();
    history.replaceState(null, '', `/ui/events${search ? `?${search}` : ''}`);
  };
  const readForm = () => {
    for (const f of FILTERS) filters[f] = form.elements[f].value.trim();
    syncUrl();
    // A namespaced watch follows the namespace filter.
    if (watchedNamespace && filters.namespace && filters.namespace !== watchedNamespace) watchNamespaced();
    if (watchedNamespace === '' && state === 'forbidden' && filters.namespace) watchNamespaced();
    dirty = true;
    chartAt = 0;
  };
  form.addEventListener('input', readForm);
  form.addEventListener('change', readForm);
  form.addEventListener('submit', (e) => e.preventDefault());
  main.querySelector('.clear').addEventListener('click', () => {
    for (const f of FILTERS) form.elements[f].value = f === 'namespace' && watchedNamespace ? watchedNamespace : '';
    readForm();
  });

  // --- rendering ------------------------------------------------------------------------------
  const choices = { namespaces: '', reasons: '', kinds: '' };
  const fillList = (id, key, values) => {
    const joined = values.join('\n');
    if (choices[key] === joined) return;
    choices[key] = joined;
    main.querySelector(`#${id}`).innerHTML = values.map((v) => `<option value="${esc(v)}">`).join('');
  };
  const draw = (now) => {
    const rows = store.matching(filters);
    const shown = rows.slice(0, SHOWN_ROWS);
    drawn = reconcileRows(tbody, shown, drawn, now);
    const live = state === 'live' ? 'live' : state;
    countEl.dataset.total = String(rows.length);
    countEl.dataset.state = state;
    countEl.innerHTML =
      `<span class="state state-${esc(state)}">${esc(live)}</span> ` +
      `${rows.length} event${rows.length === 1 ? '' : 's'}` +
      (rows.length > shown.length ? ` (newest ${shown.length} shown)` : '') +
      (store.byUid.size !== rows.length ? ` · ${store.byUid.size} in all` : '');
    if (now - chartAt >= 1000) {
      chartAt = now;
      chartSlot.innerHTML = chartSvg(perMinute(rows, now));
      fillList('ui-namespaces', 'namespaces', store.distinct((r) => r.namespace));
      fillList('ui-reasons', 'reasons', store.distinct((r) => r.reason));
      fillList('ui-kinds', 'kinds', store.distinct((r) => r.regarding.kind));
    }
  };
  const tick = () => {
    frame = requestAnimationFrame(tick);
    const now = Date.now();
    // At most four drawings a second (a faster table cannot be read anyway, and each drawing
    // costs a layout and paint); once a second anyway, so ages move on.
    if (now - drawnAt < (dirty ? 250 : 1000)) return;
    dirty = false;
    drawnAt = now;
    draw(now);
  };
  tick();

  return () => {
    cancelAnimationFrame(frame);
    controller?.abort();
  };
}
