// Offline play, page side: registers the service worker (sw.js) and, when a
// new version has been installed in the background while this page runs the
// old one, shows a small notice offering to switch to it. The page's boot
// module (boot.js) loads it once the app has started and the browser is
// idle.
const HOUR = 60 * 60 * 1000;

function notice(registration) {
  if (document.getElementById('update-notice')) return;
  const box = document.createElement('div');
  box.id = 'update-notice';
  box.className = 'update-notice';
  box.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'A new version of Tiers is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.id = 'update-reload';
  reload.className = 'primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => {
    const waiting = registration.waiting;
    if (!waiting) return location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
    waiting.postMessage({ type: 'skipWaiting' });
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'update-later';
  later.title = 'Not now';
  later.setAttribute('aria-label', 'Not now');
  later.textContent = '×';
  later.addEventListener('click', () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}

async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register('./sw.js');
  } catch (e) {
    console.warn('Tiers: no offline support:', e);
    return;
  }
  // Service workers blocked (a policy, an automated browser): no offline use.
  if (!registration) return;
  // An embedded board stays quiet: its host page decides when to reload.
  if (new URLSearchParams(location.search).has('embed')) return;
  const waiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) notice(registration);
  };
  waiting();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting();
    });
  });
  setInterval(() => registration.update().catch(() => {}), HOUR);
}

registerWorker();
