// Shared plumbing of the end-to-end tests: a static server for the build
// (dist/), Debian's Chromium driven by playwright-core with no network
// beyond localhost, screenshots under target/screenshots/, and a watch on
// page errors (a Rust panic in the browser is a bug, so every test ends by
// asserting there was none).
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { compress } from '../tools/compress.mjs';
import { files } from '../tools/files.mjs';
import { launchWebDriver } from './webdriver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const ROOT = resolve(here, '..');
/** Where `./dev build` puts the release build. */
export const DIST = process.env.TIERS_DIST ?? join(ROOT, 'dist');
/** Where screenshots go, so that people can look at them. */
export const SHOTS = join(ROOT, 'target', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.pdn': 'text/plain; charset=utf-8',
};

/**
 * Serves `dir` on 127.0.0.1 at a free port. Unknown paths without an
 * extension fall back to index.html (so `/embed` style routes work), other
 * unknown paths are 404. `extra` maps URL paths to `{ type, body }` for
 * test-only pages (e.g. an embedding host page). Returns `{ url, close,
 * requests }`; `requests` lists the paths served, in order (an offline test
 * checks that nothing reached the server). `close` also drops the browser's
 * kept-alive connections, so the server is really gone. With `gzip`, files
 * other than images go gzipped to a browser that accepts it (as a static
 * host serves them; each file compressed once); with `brotli` too, they go
 * in brotli to a browser that accepts that (as Netlify, Cloudflare Pages,
 * Vercel or nginx with its brotli module serve them), else gzipped
 * (docs/build.md, "Compression").
 */
export async function serve(dir = DIST, { extra = {}, headers = {}, gzip = false, brotli = false } = {}) {
  const root = resolve(dir);
  const requests = [];
  const zipped = new Map();
  /** `body` of `file` in `encoding`, compressed once per file and encoding. */
  const compressed = (file, encoding, body) => {
    const key = `${encoding} ${file}`;
    if (!zipped.has(key)) zipped.set(key, compress(body, encoding));
    return zipped.get(key);
  };
  /** Whether files of this type go compressed (not the already packed images). */
  // Not PNGs, and not the downloads of Settings (already compressed, tens of
  // megabytes: served as they are, as with their length a progress bar
  // can show how far along it is).
  const packable = (type, file) => (gzip || brotli) && !/^image\/(png|x-icon)/.test(type) && !file.includes(`${sep}downloads${sep}`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    if (extra[path]) {
      res.writeHead(200, { 'content-type': extra[path].type ?? TYPES['.html'], ...headers });
      res.end(extra[path].body);
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    let ok = false;
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      ok = statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok && extname(path) === '') {
      file = join(root, 'index.html');
      ok = true;
    }
    if (!ok) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const accepts = req.headers['accept-encoding'] ?? '';
    const zip = !packable(type, file) ? null : brotli && /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (zip) body = compressed(file, zip, body);
    res.writeHead(200, {
      'content-type': type,
      // As static hosts send it (a download's progress bar reads it).
      'content-length': body.length,
      'cache-control': 'no-cache',
      ...(packable(type, file) ? { vary: 'accept-encoding' } : {}),
      ...(zip ? { 'content-encoding': zip } : {}),
      ...headers,
    });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /**
     * Compresses every file of the served directory now, so that no
     * request waits for it while something is timed (brotli's quality 11
     * takes seconds on the page's wasm).
     */
    precompress: () => {
      for (const file of files(root)) {
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        if (!packable(type, file)) continue;
        const body = readFileSync(file);
        if (brotli) compressed(file, 'br', body);
        compressed(file, 'gzip', body);
      }
    },
    close: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}

/**
 * Reads `read()` until `ready(value)` holds and returns that value; fails
 * after `timeout` ms naming `what` (a text, or a function giving one) and
 * the last value read. Each read comes a moment after the last, on the
 * test's own timer (the page's may be a fake one that stands still).
 */
export async function readUntil(read, ready, what, timeout = 10_000) {
  const end = Date.now() + timeout;
  let value = await read();
  for (let wait = 10; !ready(value); wait = Math.min(2 * wait, 100)) {
    if (Date.now() > end) {
      const last = String(JSON.stringify(value)).slice(0, 300);
      throw new Error(`timed out after ${timeout} ms waiting for ${typeof what === 'function' ? what() : what} (last read: ${last})`);
    }
    await new Promise((next) => setTimeout(next, wait));
    value = await read();
  }
  return value;
}

/** The Chromium flags that work on these machines (no network, as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The browser engines: `chromium` (Debian's Chromium through playwright-core),
 * `firefox` (Debian's Firefox ESR) and `webkit` (WebKitGTK, Safari's engine)
 * through WebDriver (webdriver.mjs).
 */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/**
 * The engines the cross-browser set runs in: `TIERS_BROWSERS` (a
 * comma-separated list, e.g. `firefox,webkit`) or all of them.
 */
export function crossEngines() {
  const chosen = (process.env.TIERS_BROWSERS ?? ENGINES.join(',')).split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of chosen) if (!ENGINES.includes(e)) throw new Error(`TIERS_BROWSERS: unknown engine ${e} (${ENGINES})`);
  return chosen;
}

/**
 * Starts a browser of `engine` (default Debian's Chromium) with a fresh
 * profile. Returns `{ context, close, profile }`; open pages with
 * `newPage(context)`. Options go to the browser context (viewport,
 * hasTouch, isMobile, …; for Firefox and WebKitGTK the viewport only).
 * `args` are more Chromium flags; `block: false` leaves requests alone (no
 * interception, as a measurement needs) instead of refusing those that
 * would leave the machine (Chromium only: see webdriver.mjs).
 */
export async function launch(options = {}, { args = [], block = true, engine = 'chromium' } = {}) {
  if (engine !== 'chromium') return launchWebDriver(engine, options);
  const profile = mkdtempSync(join(tmpdir(), 'tiers-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    viewport: { width: 1200, height: 900 },
    ...options,
  });
  context.__blocked = [];
  // Nothing leaves the machine: only the local server is reachable.
  if (block) {
    await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      context.__blocked.push(url);
      return route.abort();
    });
  }
  return {
    context,
    profile,
    blocked: context.__blocked,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** In the page, before its scripts: a Content-Security-Policy violation becomes a console error, which the tests see. */
export function cspToConsole() {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
}

/**
 * Opens a page that records page errors, console errors and failed
 * requests; `page.problems()` returns them (a test ends with
 * `assert.deepEqual(await page.problems(), [])`: with WebKitGTK reading
 * them is a command). Content-Security-Policy
 * violations in the page or its frames count as console errors.
 */
export async function newPage(context) {
  // Firefox and WebKitGTK: their pages record problems themselves (webdriver.mjs).
  if (context.webdriver) return context.newPage();
  const page = await context.newPage();
  await page.addInitScript(cspToConsole);
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.problems = () => problems.slice();
  return page;
}

/** Saves a full-page screenshot as target/screenshots/<name>.png. */
export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
