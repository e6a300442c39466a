// The Tiers service worker: after one visit the whole app (page, styles,
// wasm, the AI worker, icons) is served from a cache, so it works with no
// network at all.
//
// The build step (tools/precache.mjs, a Trunk post_build hook) writes
// the list of the build's files, their SHA-256 digests and a build version
// between the markers below. A new deployment changes this file, so the
// browser installs the new worker next to the old one: it caches the new
// build (reusing unchanged files from the old cache), then waits. The page
// shows "a new version is available"; when the person accepts (or every tab
// of the old version is closed) the new worker takes over, deletes the old
// cache and the page reloads. Until then the old version keeps running
// from its own cache, so a page never mixes files of two builds.
//
// The page registers it once the app has started and the browser is idle
// (assets/offline.js, loaded by assets/boot.js), so that filling the cache
// does not compete with the first screen.
//
// Without a build list (`./dev serve`, or the file as it is in assets/) the
// worker caches nothing, removes its caches and unregisters itself.
'use strict';

const BUILD = /*@build*/ null /*@end*/;

const scope = new URL(self.registration.scope);
// Caches of this app only (an origin may host other apps, or this one twice).
const PREFIX = `tiers:${scope.pathname}:`;
const CACHE = BUILD ? PREFIX + BUILD.version : null;
const at = (path) => new URL(path, scope).href;

function base64(buffer) {
  let s = '';
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s);
}

// The first 128 bits of the SHA-256 digest, as the build list gives them.
async function digest(response) {
  const hash = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
  return base64(hash).slice(0, 22);
}

// Fills the new cache; fails (and the browser retries later) if a file is
// missing or is not the file this build lists (a deployment in progress).
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    BUILD.files.map(async ([path, sha]) => {
      const url = at(path);
      if (await cache.match(url)) return;
      const old = await caches.match(url);
      if (old && (await digest(old)) === sha) {
        await cache.put(url, old);
        return;
      }
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      if ((await digest(response)) !== sha) throw new Error(`${path} is not the file of build ${BUILD.version}`);
      await cache.put(url, response);
    }),
  );
  // The page's plain address too, for the route below.
  const page = await cache.match(at('index.html'));
  if (page) await cache.put(scope.href, page);
}

// Where the browser may go straight to this build's cache without starting
// this worker (the Static Routing API; Chromium 123 and later, ignored
// elsewhere): the page on its plain address, and every other request in
// the scope without a query. A file missing from the cache goes to the
// network, as respond() does; an address with a query (a shared game, the
// embed page) still comes to the fetch handler below. Starting the worker
// was on the way of every warm visit (docs/measurements.md, "Load time").
function routes(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const source = { cacheName: CACHE };
  const plain = (pathname) => new URLPattern({ pathname, search: '', baseURL: scope.href });
  const files = ['cors', 'no-cors', 'same-origin'].map((requestMode) => ({
    urlPattern: plain(`${scope.pathname}*`),
    requestMode,
    requestMethod: 'GET',
  }));
  try {
    event.waitUntil(
      event
        .addRoutes([
          { condition: { urlPattern: plain(scope.pathname), requestMode: 'navigate' }, source },
          { condition: { or: files }, source },
        ])
        .catch(() => {}),
    );
  } catch {
    // A browser whose routes take other options: the fetch handler serves all.
  }
}

self.addEventListener('install', (event) => {
  if (!BUILD) {
    self.skipWaiting();
    return;
  }
  routes(event);
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      if (BUILD) await self.clients.claim();
      else await self.registration.unregister();
    })(),
  );
});

// The page asks the waiting worker to take over ("Reload" on the notice).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skipWaiting') self.skipWaiting();
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  // Every page of the app (`/`, `/?embed=1`, `/embed`, …) is index.html.
  if (request.mode === 'navigate') {
    const page = await cache.match(at('index.html'));
    if (page) return page;
  }
  return fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!BUILD || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  // A download asked for in Settings (src/endgames.rs) goes straight to the
  // network: never cached here, and its progress is the network's.
  if (url.pathname.startsWith(`${scope.pathname}downloads/`)) return;
  event.respondWith(respond(request));
});
