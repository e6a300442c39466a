// Starts the page. Trunk writes this script's tag (Trunk.toml,
// `pattern_script`) with the names of the page's script and wasm, which
// change with every build, in `data-js` and `data-wasm`; the page's CSP
// allows no inline script, so the start is this file. Trunk's own preload
// links (with SRI digests) have the two files on their way already.
//
// Once the app has started and the browser is idle, offline.js registers
// the service worker, so that filling its cache does not compete with the
// first screen.
const tag = document.querySelector('script[data-js][data-wasm]');

/** Says that the page could not start, and why, instead of a blank page. */
function failed(error) {
  console.error('Tiers could not start:', error);
  const box = document.createElement('div');
  box.className = 'boot-failed';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = `Tiers could not be loaded (${error?.message ?? error}). Check the connection and reload the page.`;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  box.append(text, reload);
  document.body.append(box);
}

try {
  const { default: init } = await import(tag.dataset.js);
  await init({ module_or_path: tag.dataset.wasm });
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 2000));
  idle(() => import('./offline.js').catch((e) => console.warn('Tiers: no offline support:', e)), { timeout: 5000 });
} catch (e) {
  failed(e);
}
