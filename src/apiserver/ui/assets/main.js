// The page's entry: takes a token from the URL fragment (#token=…, which browsers never send to
// the server) into this tab's session storage and off the address bar, asks the server who the
// user is, and routes /ui/<view> paths to views. Links under /ui/ change views without a reload.
import { ApiError, loadDiscovery, setToken, token, whoAmI } from './api.js';
import { esc, notice } from './dom.js';
import { mountEvents } from './events-view.js';
import { mountNamespaces } from './namespaces-view.js';
import { mountWorkload } from './workload-view.js';
import { mountYaml } from './yaml-view.js';

const VIEWS = { events: mountEvents, namespaces: mountNamespaces, workload: mountWorkload, yaml: mountYaml };

const main = document.getElementById('main');
let unmount = () => {};
let user = null;

function takeTokenFromFragment() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get('token');
  if (given === null) return;
  setToken(given);
  history.replaceState(null, '', location.pathname + location.search);
}

function route() {
  unmount();
  const view = location.pathname.replace(/^\/ui\/?/, '').split('/')[0] || 'events';
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.dataset.view === view);
  const mount = VIEWS[view];
  if (!mount) {
    main.innerHTML = notice(`No view named ${view}.`, 'error');
    unmount = () => {};
    return;
  }
  unmount = mount(main, { user, params: new URLSearchParams(location.search) });
}

function showLogin(message) {
  unmount();
  unmount = () => {};
  main.innerHTML = `
    <form class="login" autocomplete="off">
      <h1>Log in</h1>
      ${message ? notice(message, 'error') : ''}
      <label>Bearer token <input name="token" type="password" required autofocus></label>
      <p><button type="submit">Log in</button>
      <button type="button" class="bare">Continue without a token</button></p>
      <p class="muted">Without a token, requests carry only what the browser presents (a client certificate), or none.
      Opening <code>/ui/#token=…</code> logs in too; the part after # never reaches the server.</p>
    </form>`;
  const form = main.querySelector('form');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    setToken(form.elements.token.value.trim());
    void start();
  });
  form.querySelector('.bare').addEventListener('click', () => {
    setToken('');
    void start(true);
  });
}

async function start(allowAnonymous = false) {
  try {
    user = await whoAmI();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const had = token();
      setToken('');
      return showLogin(had ? 'The server did not accept that token.' : '');
    }
    // Servers without the review API: carry on and let each request speak for itself.
    user = { username: '', groups: [] };
  }
  if (user.username === 'system:anonymous' && !allowAnonymous) return showLogin('');
  document.getElementById('who').innerHTML = user.username ? `as <b>${esc(user.username)}</b>` : '';
  document.getElementById('logout').hidden = !token();
  await loadDiscovery().catch(() => undefined);
  route();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest?.('a[href^="/ui/"]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target) return;
  e.preventDefault();
  history.pushState(null, '', a.getAttribute('href'));
  if (user) route();
});
window.addEventListener('popstate', () => { if (user) route(); });
document.getElementById('logout').addEventListener('click', () => {
  setToken('');
  user = null;
  document.getElementById('who').textContent = '';
  document.getElementById('logout').hidden = true;
  showLogin('');
});

takeTokenFromFragment();
void start();
