// Firefox and Safari's engine (WebKitGTK) for the end-to-end tests, driven
// over W3C WebDriver (classic HTTP; for Firefox also WebDriver BiDi, for
// the page's errors), behind the part of playwright's Page and Locator that
// the helpers of app.mjs and the cross-browser set (cross/) use: the same
// test runs in Chromium through playwright-core and in these two through
// this adapter. harness.mjs `launch(options, { engine })` starts one.
//
// - Firefox: Debian's `firefox-esr`, headless, through `geckodriver`
//   (`cargo install geckodriver`, in the tools folder `./dev` puts on PATH).
// - WebKitGTK: Debian's `webkit2gtk-driver` (`WebKitWebDriver`, which starts
//   WebKitGTK's MiniBrowser) on a private X server (`Xvfb`).
//
// What WebDriver cannot do as playwright does, and how it is done here:
// - Page errors. Firefox: every console error and uncaught error of the
//   page and its frames, from the start (BiDi `log.entryAdded`; a preload
//   script reports CSP violations). WebKitGTK has no BiDi: a probe is put
//   in each document at the first command after it loads (it wraps
//   `console.error`, listens to `error`, `unhandledrejection` and
//   `securitypolicyviolation`), so errors of the main page after its first
//   command are seen; an error before that shows by its effect (the tests
//   wait for screens), and one in a frame is not seen.
// - No request interception: nothing is routed. The page's CSP refuses
//   every request to another origin (a violation is an error the tests
//   fail on), and these machines reach no outside web site anyway.
// - No touch or device emulation: a "phone" is a small page (Firefox: at
//   the device scale factor asked for); `tap()` is a WebDriver touch
//   action (WebKitGTK's driver makes mouse events of it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import { cspToConsole, readUntil } from './harness.mjs';

/** The key of an element reference in WebDriver's JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** How long an action waits for its element, as playwright's default. */
const TIMEOUT = 30_000;
/** Errors after which an action on an element is tried again (it was covered, moving or replaced). */
const RETRY = new Set([
  'element click intercepted',
  'element not interactable',
  'stale element reference',
  'no such element',
  'move target out of bounds',
]);

/**
 * Whether a WebDriver error is worth another try: one of {@link RETRY}, or
 * WebKitGTK's "Could not parse script result" for a script that returned
 * an element of a frame whose document was being replaced (seen once in
 * the embed test, in a fresh-clone run with a core kept busy).
 */
function retryable(e) {
  return (
    e instanceof WebDriverError &&
    (RETRY.has(e.error) || (e.error === 'unknown error' && e.message.includes('Could not parse script result')))
  );
}

/**
 * The geckodriver to start: `GECKODRIVER`, else the one `./dev` installs in
 * its tools folder (so that `node --test cross/…` finds it without `./dev`
 * putting that folder on PATH), else the one on PATH.
 */
function geckodriver() {
  if (process.env.GECKODRIVER) return process.env.GECKODRIVER;
  const tools = process.env.TIERS_TOOLS ?? join(homedir(), '.cache', 'tiers-tools');
  const installed = join(tools, 'bin', 'geckodriver');
  return existsSync(installed) ? installed : 'geckodriver';
}

/** The engines this module drives, and how. */
export const WEBDRIVER_ENGINES = {
  firefox: {
    driver: geckodriver,
    args: (port) => ['--host', '127.0.0.1', '--port', String(port)],
    capabilities: () => ({
      browserName: 'firefox',
      webSocketUrl: true,
      'moz:firefoxOptions': {
        binary: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
        args: ['-headless'],
        // geckodriver already sets the prefs that keep an automated
        // Firefox quiet (no updates, telemetry, safe browsing lists).
        // Scroll bars over the page, as on phones and in headless Chromium,
        // not beside it (a 360 px page would be 348 px wide).
        prefs: { 'browser.shell.checkDefaultBrowser': false, 'ui.useOverlayScrollbars': 1 },
      },
    }),
  },
  webkit: {
    driver: () => process.env.WEBKIT_WEBDRIVER ?? 'WebKitWebDriver',
    args: (port) => [`--port=${port}`],
    display: true,
    // MiniBrowser's toolbar keeps its window at least 447 px wide: shrunk
    // to nothing by a GTK style sheet (its own; the page's rendering does
    // not use GTK styles), the page can be as narrow as a phone's.
    gtkCss:
      'box, entry, button, label, image, progressbar, headerbar, toolbar, toolitem, separator, revealer, overlay, ' +
      'infobar, searchbar { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; ' +
      '-gtk-icon-transform: scale(0.05); }\n',
    capabilities: () => ({
      'webkitgtk:browserOptions': { args: ['--automation'] },
    }),
  },
};

class WebDriverError extends Error {
  constructor(error, message, command) {
    super(`${command}: ${error}: ${message}`);
    this.error = error;
  }
}

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address();
  await new Promise((ok) => s.close(ok));
  return port;
}

/** Calls `probe` until it returns something other than undefined (as playwright waits: up to 30 s). */
function until(probe, what, timeout = TIMEOUT) {
  return readUntil(probe, (v) => v !== undefined, what, timeout);
}

/**
 * Starts a private X server; resolves to `{ display, stop }`. Its screen is
 * 8×8 pixels on purpose: the pointer rests at its centre, inside the
 * MiniBrowser window's toolbar (windows open at 0,0 and may be larger than
 * the screen; the page's pictures do not come from the screen). With no
 * window manager X gives the keyboard focus to the window under the
 * pointer, and a WebKit page in a window without the focus matches no
 * `:focus` or `:focus-visible` and runs its animations differently.
 */
async function startXvfb() {
  const x = start('Xvfb', ['-displayfd', '3', '-screen', '0', '8x8x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let err = '';
  x.stderr.on('data', (d) => (err += d));
  const display = await new Promise((ok, fail) => {
    let out = '';
    x.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) ok(`:${out.trim()}`);
    });
    x.on('error', fail);
    x.on('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${err.trim()}`)));
  });
  return { display, stop: () => stopProcess(x) };
}

/**
 * The X servers and drivers running, each in its own process group (the
 * driver's browser is in its driver's group). Should this process end
 * before a test closes them (a test runner's timeout, Ctrl-C), they end
 * with it rather than run on.
 */
const running = new Set();
const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};
let watching = false;
/** Once a test starts a process: its end (or Ctrl-C, a runner's SIGTERM) ends the groups still running. */
function watchExit() {
  if (watching) return;
  watching = true;
  process.once('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.once(signal, () => process.exit(code));
  }
}

/** Starts `command` in a process group of its own (see `running`). */
function start(command, args, options) {
  watchExit();
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Ends a process started by `start` and what it started (SIGTERM, then SIGKILL after 5 s). */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      ok();
    });
    killGroup(child, 'SIGTERM');
  });
}

/** A WebDriver session: `send(method, path, body)` for its commands. */
class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  async send(method, path, body) {
    const url = `${this.base}/session/${this.id}${path}`;
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok || json.value?.error) {
      const { error = `HTTP ${res.status}`, message = '' } = json.value ?? {};
      throw new WebDriverError(error, message, `${method} ${path}`);
    }
    return json.value;
  }
}

/**
 * Starts `engine` ('firefox' or 'webkit') with a window whose page is
 * `viewport` large. Returns what harness.mjs `launch` returns for
 * Chromium: `{ context, close, blocked }`; `context.newPage()` opens pages.
 */
export async function launchWebDriver(engine, { viewport = { width: 1200, height: 900 }, deviceScaleFactor = 1 } = {}) {
  const spec = WEBDRIVER_ENGINES[engine];
  if (!spec) throw new Error(`unknown engine ${engine}`);
  const stops = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };
  try {
    const env = { ...process.env };
    if (spec.display) {
      const x = await startXvfb();
      stops.push(x.stop);
      env.DISPLAY = x.display;
    }
    // The browser's own files (GTK's style sheet, files to upload), gone at the end.
    const work = mkdtempSync(join(tmpdir(), `tiers-${engine}-`));
    stops.push(async () => rmSync(work, { recursive: true, force: true }));
    if (spec.gtkCss) {
      mkdirSync(join(work, 'gtk-3.0'));
      writeFileSync(join(work, 'gtk-3.0', 'gtk.css'), spec.gtkCss);
      env.XDG_CONFIG_HOME = work;
    }
    const port = await freePort();
    const driver = start(spec.driver(), spec.args(port), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const keep = (d) => (log = (log + d).slice(-4000));
    driver.stdout.on('data', keep);
    driver.stderr.on('data', keep);
    const started = new Promise((_, fail) => driver.on('error', fail));
    stops.push(() => stopProcess(driver));
    const base = `http://127.0.0.1:${port}`;
    await Promise.race([
      started,
      until(
        async () => {
          if (driver.exitCode !== null) throw new Error(`${spec.driver()} exited: ${log}`);
          const ready = await fetch(`${base}/status`).then((r) => r.json(), () => null);
          return ready?.value?.ready ? true : undefined;
        },
        () => `${spec.driver()} to start (${log})`,
      ),
    ]);
    const res = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: spec.capabilities() } }),
    }).then((r) => r.json());
    if (!res.value?.sessionId) throw new Error(`no ${engine} session: ${JSON.stringify(res.value)} ${log}`);
    const session = new Session(base, res.value.sessionId);
    stops.push(() => session.send('DELETE', ''));
    await session.send('POST', '/timeouts', { script: 120_000, pageLoad: 60_000, implicit: 0 });
    const context = new Browser(engine, session, viewport, deviceScaleFactor);
    context.work = work;
    if (res.value.capabilities.webSocketUrl) {
      await context.bidi(res.value.capabilities.webSocketUrl);
      stops.push(async () => context.ws?.terminate());
    }
    return { context, blocked: [], close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * In the page: watches for errors (the probe of engines without BiDi; see
 * the file's head), CSP violations included (`csp`, harness.mjs
 * `cspToConsole`, makes console errors of them).
 */
function probe(csp) {
  if (window.__tiersProblems) return;
  const problems = (window.__tiersProblems = []);
  const error = console.error;
  console.error = function (...args) {
    problems.push(`console error: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
    return error.apply(this, args);
  };
  addEventListener('error', (e) => problems.push(`page error: ${e.message}`));
  addEventListener('unhandledrejection', (e) => problems.push(`page error: ${e.reason?.message ?? e.reason}`));
  csp();
}

/**
 * In the page: finds the elements of a locator's chain of steps, as
 * playwright does for the selectors the tests use (CSS with `hasText`,
 * roles with accessible names, text, labels, `nth`, `or`, `filter`).
 */
function library() {
  if (window.__tiersE2E) return window.__tiersE2E;
  const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const matches = (value, want, exact) => {
    const v = norm(value);
    if (want && typeof want === 'object') return new RegExp(want.source, want.flags).test(v);
    return exact ? v === norm(want) : v.toLowerCase().includes(norm(want).toLowerCase());
  };
  const shown = (el) =>
    el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0;
  const accessible = (el) => shown(el) && !el.closest('[aria-hidden=true]');
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const INPUT_ROLES = {
    button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox',
    radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
  };
  const TAG_ROLES = {
    button: 'button', textarea: 'textbox', dialog: 'dialog', fieldset: 'group', ul: 'list', ol: 'list',
    li: 'listitem', nav: 'navigation', main: 'main', table: 'table', option: 'option', progress: 'progressbar',
    output: 'status', img: 'img', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading',
    h6: 'heading', header: 'banner', footer: 'contentinfo', form: 'form', article: 'article',
  };
  const role = (el) => {
    const explicit = norm(el.getAttribute('role')).split(' ')[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (tag === 'input') return INPUT_ROLES[el.type] ?? (el.list ? 'combobox' : 'textbox');
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'section') return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
    return TAG_ROLES[tag] ?? null;
  };
  const FROM_CONTENT = new Set([
    'button', 'heading', 'link', 'option', 'tab', 'cell', 'gridcell', 'checkbox', 'radio', 'menuitem', 'switch',
    'columnheader', 'rowheader', 'tooltip', 'treeitem',
  ]);
  /** The text a subtree gives a name: its text, a child's aria-label for the child, hidden parts left out. */
  const content = (el) => {
    let out = '';
    for (const n of el.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) out += n.textContent;
      else if (n.nodeType === Node.ELEMENT_NODE && accessible(n)) {
        const label = n.getAttribute('aria-label');
        const part = label ?? (n.localName === 'img' ? n.alt : content(n));
        out += getComputedStyle(n).display.startsWith('inline') ? part : ` ${part} `;
      }
    }
    return norm(out);
  };
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const parts = by.split(/\s+/).map((id) => document.getElementById(id));
      return norm(parts.map((p) => (p ? content(p) : '')).join(' '));
    }
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return norm(label);
    if (el.labels?.length) return norm([...el.labels].map(content).join(' '));
    if (el.localName === 'input' && ['button', 'submit', 'reset'].includes(el.type)) return norm(el.value);
    if (FROM_CONTENT.has(role(el))) return content(el);
    return norm(el.getAttribute('title'));
  };
  const before = (a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
  const order = (els) => [...new Set(els)].sort(before);
  const all = (root) => [...root.querySelectorAll('*')];
  /** The elements under `root` whose own text matches (not those that only hold a matching child). */
  const byText = (root, text, exact) =>
    all(root).filter(
      (el) =>
        !['script', 'style', 'head', 'title'].includes(el.localName) &&
        matches(el.textContent, text, exact) &&
        ![...el.children].some((c) => matches(c.textContent, text, exact)),
    );
  const step = (root, s) => {
    if (s.css) {
      return [...root.querySelectorAll(s.css)].filter((el) => s.hasText === undefined || matches(el.textContent, s.hasText));
    }
    if (s.role) {
      const named = (el) => s.name === undefined || matches(nameOf(el), s.name, s.exact);
      return all(root).filter((el) => role(el) === s.role && accessible(el) && named(el));
    }
    if (s.text !== undefined) return byText(root, s.text, s.exact);
    if (s.label !== undefined) {
      const field = (el) => /^(input|select|textarea)$/.test(el.localName);
      return all(root).filter((el) => field(el) && matches(nameOf(el), s.label, s.exact));
    }
    throw new Error(`unknown step ${JSON.stringify(s)}`);
  };
  const resolve = (chain) => {
    let set = [document];
    for (const s of chain) {
      if (s.nth !== undefined) set = set.at(s.nth) ? [set.at(s.nth)] : [];
      else if (s.or) set = order([...resolve(s.or[0]), ...resolve(s.or[1])]);
      else if (s.filter) set = set.filter((el) => matches(el.textContent, s.filter));
      else set = order(set.flatMap((root) => step(root, s)));
    }
    return set;
  };
  const enabled = (el) =>
    !el.disabled && !el.closest('fieldset[disabled]') && el.getAttribute('aria-disabled') !== 'true';
  window.__tiersE2E = { resolve, visible, enabled };
  return window.__tiersE2E;
}

/** Playwright's text and name arguments (strings or regular expressions) as JSON. */
const want = (x) => (x instanceof RegExp ? { source: x.source, flags: x.flags } : x);

/** WebDriver key values of the keys the tests press. */
const KEYS = {
  Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', Delete: '\uE017', Space: ' ',
  Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015',
};

/** A browser with its WebDriver session: playwright's BrowserContext, as far as the tests use it. */
class Browser {
  constructor(engine, session, viewport, scale) {
    this.engine = engine;
    this.scale = scale;
    this.webdriver = true;
    this.session = session;
    this.viewport = viewport;
    this.pages = [];
    this.current = null; // the window handle commands go to
    this.frame = null; // the frame selector commands go into, if any
    this.problems = [];
  }

  /** Firefox: page errors and preload scripts through WebDriver BiDi. */
  async bidi(url) {
    this.ws = new WebSocket(url);
    await new Promise((ok, fail) => {
      this.ws.once('open', ok);
      this.ws.once('error', fail);
    });
    let id = 0;
    const waiting = new Map();
    this.ws.on('message', (data) => {
      const m = JSON.parse(data);
      if (m.id !== undefined) {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.type === 'error') w?.fail(new Error(`BiDi ${m.error}: ${m.message}`));
        else w?.ok(m.result);
      } else if (m.method === 'log.entryAdded' && m.params.level === 'error') {
        const kind = m.params.type === 'javascript' ? 'page error' : 'console error';
        this.problems.push(`${kind}: ${m.params.text}`);
      }
    });
    this.command = (method, params) =>
      new Promise((ok, fail) => {
        waiting.set(++id, { ok, fail });
        this.ws.send(JSON.stringify({ id, method, params }));
      });
    await this.command('session.subscribe', { events: ['log.entryAdded'] });
    await this.addInitScript(cspToConsole);
  }

  /** Runs `fn` in every document before its own scripts (BiDi only). */
  async addInitScript(fn) {
    if (!this.command) throw new Error(`${this.engine}: no script can run before the page's (no WebDriver BiDi)`);
    await this.command('script.addPreloadScript', { functionDeclaration: `() => (${fn})()` });
  }

  /** Opens a page: the first is the session's window, the next ones new tabs. */
  async newPage() {
    let handle;
    if (this.pages.length === 0 && !this.used) {
      this.used = true;
      handle = await this.session.send('GET', '/window');
    } else {
      handle = (await this.session.send('POST', '/window/new', { type: 'tab' })).handle;
    }
    const page = new Page(this, handle);
    this.pages.push(page);
    await page.setViewportSize(this.viewport);
    return page;
  }

  /** Writing to the clipboard needs no grant here (a click is a gesture); reading it cannot be granted. */
  async grantPermissions(permissions) {
    const other = permissions.filter((p) => p !== 'clipboard-write');
    if (other.length) throw new Error(`${this.engine}: WebDriver cannot grant ${other}`);
  }
}

/** A page (a window or tab): playwright's Page, as far as the tests use it. */
class Page {
  constructor(browser, handle) {
    this.browser = browser;
    this.handle = handle;
    this.seen = [];
    this.keyboard = {
      press: (key) => this.keys([KEYS[key] ?? key]),
      type: (text) => this.keys([...text]),
    };
    const at = { x: 0, y: 0 };
    const pointer = (actions) =>
      this.actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }]);
    this.mouse = {
      move: (x, y, { steps = 1 } = {}) => {
        const moves = [];
        for (let i = 1; i <= steps; i++) {
          moves.push({
            type: 'pointerMove',
            origin: 'viewport',
            x: Math.round(at.x + ((x - at.x) * i) / steps),
            y: Math.round(at.y + ((y - at.y) * i) / steps),
            duration: 16,
          });
        }
        at.x = x;
        at.y = y;
        return pointer(moves);
      },
      down: () => pointer([{ type: 'pointerDown', button: 0 }]),
      up: () => pointer([{ type: 'pointerUp', button: 0 }]),
    };
  }

  get engine() {
    return this.browser.engine;
  }

  /** Sends a command to this page's window (and top document, or `frame`). */
  async send(method, path, body, frame = null) {
    const b = this.browser;
    if (b.current !== this.handle) {
      await b.session.send('POST', '/window', { handle: this.handle });
      b.current = this.handle;
      b.frame = null;
    }
    if (b.frame !== frame) {
      await b.session.send('POST', '/frame', { id: null });
      b.frame = null;
      if (frame) {
        const find = async () => (await this.run('(s) => document.querySelector(s)', [frame])) ?? undefined;
        const el = await until(find, `frame ${frame}`);
        await b.session.send('POST', '/frame', { id: el });
        b.frame = frame;
      }
    }
    return b.session.send(method, path, body);
  }

  /** Runs the function source `fn` in the page (or frame) with `args`, awaiting a promise it returns. */
  run(fn, args = [], frame = null) {
    const probed = this.browser.command ? '' : `(${probe})(${cspToConsole});`;
    const script = `${probed}return (${fn}).apply(null, arguments);`;
    return this.send('POST', '/execute/sync', { script, args }, frame);
  }

  /** Runs `fn(elements, ...args)` on a locator chain's elements. */
  query(chain, fn, args = [], frame = null) {
    const script = `(chain, ...args) => { const L = (${library})(); return (${fn})(L.resolve(chain), L, ...args); }`;
    return this.run(script, [chain, ...args], frame);
  }

  actions(actions) {
    return this.send('POST', '/actions', { actions });
  }

  async keys(keys) {
    const actions = keys.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.actions([{ type: 'key', id: 'keyboard', actions }]);
  }

  /** The errors the page had since it was opened (see the file's head). */
  async problems() {
    await this.drain();
    return this.browser.command ? this.browser.problems.slice() : this.seen.slice();
  }

  /** Keeps the probe's findings before the document goes. */
  async drain() {
    if (this.browser.command) return;
    const found = await this.run('() => window.__tiersProblems.splice(0)').catch(() => []);
    this.seen.push(...(found ?? []));
  }

  async goto(url) {
    await this.drain();
    await this.send('POST', '/url', { url });
  }

  /**
   * Reloads the page as a person does. Firefox's classic refresh command
   * skips the service worker (as Shift+Reload does): its BiDi reload
   * does not.
   */
  async reload() {
    await this.drain();
    if (this.browser.command) {
      await this.browser.command('browsingContext.reload', { context: this.handle, wait: 'complete' });
    } else await this.send('POST', '/refresh', {});
  }

  async url() {
    return this.send('GET', '/url');
  }

  async title() {
    return this.send('GET', '/title');
  }

  async close() {
    await this.drain();
    await this.send('DELETE', '/window');
    this.browser.current = null;
  }

  addInitScript(fn) {
    return this.browser.addInitScript(fn);
  }

  evaluate(fn, arg) {
    return this.run(String(fn), arg === undefined ? [] : [arg]);
  }

  /** Waits until `fn(arg)` is truthy in the page; returns a handle to its value. */
  async waitForFunction(fn, arg, { timeout = TIMEOUT } = {}) {
    const truthy = async () => (await this.evaluate(fn, arg)) || undefined;
    const value = await until(truthy, `waitForFunction ${String(fn).slice(0, 200)}`, timeout);
    return { jsonValue: async () => value };
  }

  $$eval(selector, fn, arg) {
    return this.run(`(s, arg) => (${fn})([...document.querySelectorAll(s)], arg)`, [selector, arg ?? null]);
  }

  async $eval(selector, fn, arg) {
    const found = await this.run(
      `(s, arg) => { const el = document.querySelector(s); return el ? [(${fn})(el, arg)] : null; }`,
      [selector, arg ?? null],
    );
    if (!found) throw new Error(`$eval: no element matches ${selector}`);
    return found[0];
  }

  locator(css, { hasText } = {}) {
    return new Locator(this, [{ css, hasText: want(hasText) }]);
  }

  getByRole(role, { name, exact } = {}) {
    return new Locator(this, [{ role, name: want(name), exact }]);
  }

  getByText(text, { exact } = {}) {
    return new Locator(this, [{ text: want(text), exact }]);
  }

  getByLabel(label, { exact } = {}) {
    return new Locator(this, [{ label: want(label), exact }]);
  }

  /** The document of an iframe: `locator`, `getByRole`, `getByText` inside it. */
  frameLocator(selector) {
    const top = new Locator(this, [], selector);
    return {
      locator: (...a) => top.locator(...a),
      getByRole: (...a) => top.getByRole(...a),
      getByText: (...a) => top.getByText(...a),
    };
  }

  async waitForSelector(selector, options) {
    await this.locator(selector).waitFor(options);
  }

  viewportSize() {
    return { ...this.viewportNow };
  }

  /**
   * Makes the page `width` × `height`: Firefox sets the page's size (and
   * the launch's `deviceScaleFactor`) through BiDi, whatever the window's;
   * WebKitGTK sizes the window so that the page gets it (its frame around
   * the page is measured).
   */
  async setViewportSize({ width, height }) {
    this.viewportNow = { width, height };
    const b = this.browser;
    if (b.command) {
      const viewport = { context: this.handle, viewport: { width, height }, devicePixelRatio: b.scale };
      await b.command('browsingContext.setViewport', viewport);
      return;
    }
    let frame = { w: 0, h: 0 };
    let inner;
    for (let i = 0; i < 6; i++) {
      await this.send('POST', '/window/rect', { width: width + frame.w, height: height + frame.h });
      inner = await this.run('() => [innerWidth, innerHeight]');
      if (inner[0] === width && inner[1] === height) return;
      // The window's frame is never negative: a size read before the
      // window took the new one (seen once on a fresh machine: the next
      // request was then a width WebKit refuses) is tried again as it is.
      frame = { w: Math.max(0, frame.w + width - inner[0]), h: Math.max(0, frame.h + height - inner[1]) };
    }
    throw new Error(`${this.engine}: the page could not be made ${width}×${height} (it is ${inner.join('×')})`);
  }

  /**
   * Saves a PNG of the window or, with `fullPage`, of the whole page: Firefox
   * has a command for it; for WebKitGTK the window is made as tall as the
   * page for the shot (as playwright does for Chromium's full-page shots).
   */
  async screenshot({ path, fullPage = false } = {}) {
    let data;
    if (fullPage && this.engine === 'firefox') data = await this.send('GET', '/moz/screenshot/full');
    else {
      const { width, height } = this.viewportNow;
      const tall = fullPage ? await this.run('() => document.documentElement.scrollHeight') : height;
      const frame = () => this.run('() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))');
      let scrolled;
      if (tall > height) {
        scrolled = await this.run('() => { const at = [scrollX, scrollY]; scrollTo(0, 0); return at; }');
        await this.setViewportSize({ width, height: tall });
        await frame();
      }
      data = await this.send('GET', '/screenshot');
      if (tall > height) {
        await this.setViewportSize({ width, height });
        await this.run('(at) => scrollTo(...at)', [scrolled]);
      }
    }
    const png = Buffer.from(data, 'base64');
    if (path) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, png);
    }
    return png;
  }
}

// The page's shortcuts that act on the first element a selector matches,
// as playwright's `page.click(selector)` and the like.
for (const method of ['click', 'fill', 'check', 'uncheck', 'selectOption', 'press', 'focus', 'getAttribute', 'textContent', 'inputValue']) {
  Page.prototype[method] = function (selector, ...args) {
    return this.locator(selector)[method](...args);
  };
}

/** A locator: a chain of steps resolved in the page at each use, as playwright's. */
class Locator {
  constructor(page, chain, frame = null) {
    this.page = page;
    this.chain = chain;
    this.frame = frame;
  }

  with(step) {
    return new Locator(this.page, [...this.chain, step], this.frame);
  }

  locator(css, { hasText } = {}) {
    return this.with({ css, hasText: want(hasText) });
  }

  getByRole(role, { name, exact } = {}) {
    return this.with({ role, name: want(name), exact });
  }

  getByText(text, { exact } = {}) {
    return this.with({ text: want(text), exact });
  }

  getByLabel(label, { exact } = {}) {
    return this.with({ label: want(label), exact });
  }

  first() {
    return this.with({ nth: 0 });
  }

  last() {
    return this.with({ nth: -1 });
  }

  nth(n) {
    return this.with({ nth: n });
  }

  filter({ hasText }) {
    return this.with({ filter: want(hasText) });
  }

  or(other) {
    return new Locator(this.page, [{ or: [this.chain, other.chain] }], this.frame);
  }

  toString() {
    return `${this.frame ? `frame ${this.frame} ` : ''}${JSON.stringify(this.chain)}`;
  }

  query(fn, ...args) {
    return this.page.query(this.chain, fn, args, this.frame);
  }

  count() {
    return this.query('(els) => els.length');
  }

  /** The first element's state: whether there is one, shown, enabled, and the element. */
  state() {
    return this.query(
      '(els, L) => els.length === 0 ? null : { el: els[0], visible: L.visible(els[0]), enabled: L.enabled(els[0]) }',
    );
  }

  /** Waits for the first element, then returns `fn(element, ...args)` run in the page. */
  async read(fn, ...args) {
    const found = await until(
      async () => (await this.query(`(els, L, ...a) => els.length ? [(${fn})(els[0], ...a)] : null`, ...args)) ?? undefined,
      () => `an element for ${this}`,
    );
    return found[0];
  }

  async waitFor({ state = 'visible', timeout = TIMEOUT } = {}) {
    const test = {
      attached: (s) => s !== null,
      detached: (s) => s === null,
      visible: (s) => s?.visible === true,
      hidden: (s) => !s?.visible,
    }[state];
    const now = async () => {
      try {
        return test(await this.state()) ? true : undefined;
      } catch (e) {
        if (retryable(e)) return undefined;
        throw e;
      }
    };
    await until(now, () => `${this} to be ${state}`, timeout);
  }

  /**
   * Waits until the first element is shown and enabled, then does
   * `act(elementId)`, again while it is covered or replaced.
   */
  async act(act, { enabled = true, shown = true } = {}) {
    await until(
      async () => {
        try {
          const s = await this.state();
          if (!s || (shown && !s.visible) || (enabled && !s.enabled)) return undefined;
          await act(s.el[ELEMENT]);
          return true;
        } catch (e) {
          if (retryable(e)) return undefined;
          throw e;
        }
      },
      () => `${this} to be shown${enabled ? ' and enabled' : ''} to act on`,
    );
  }

  click() {
    return this.act((id) => this.page.send('POST', `/element/${id}/click`, {}, this.frame));
  }

  /**
   * A tap: a WebDriver touch action on the element's centre, scrolled into
   * view first as a click is (WebKitGTK's WebDriver makes mouse events of
   * it).
   */
  tap() {
    return this.act(async (id) => {
      await this.query("(els) => els[0].scrollIntoView({ block: 'nearest', inline: 'nearest' })");
      const touch = [
        { type: 'pointerMove', origin: { [ELEMENT]: id }, x: 0, y: 0 },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ];
      const finger = { type: 'pointer', id: 'finger', parameters: { pointerType: 'touch' }, actions: touch };
      await this.page.send('POST', '/actions', { actions: [finger] }, this.frame);
    });
  }

  /** Types `value` into a text field (clearing it first); sets a range or other non-text input as playwright does. */
  fill(value) {
    return this.act(async (id) => {
      const typed = await this.query("(els) => !['range', 'color', 'date', 'time'].includes(els[0].type)");
      if (typed) {
        await this.page.send('POST', `/element/${id}/clear`, {}, this.frame);
        // Line breaks as Enter: WebKitGTK's driver types "\n" as nothing.
        const text = String(value).replace(/\r?\n/g, '\uE007');
        await this.page.send('POST', `/element/${id}/value`, { text }, this.frame);
      } else {
        await this.query(
          "(els, L, v) => { els[0].value = v; for (const t of ['input', 'change']) " +
            'els[0].dispatchEvent(new Event(t, { bubbles: true })); }',
          String(value),
        );
      }
    });
  }

  /** Chooses the option with this value or label (or `{ value }`, `{ label }`, `{ index }`), by clicking it. */
  selectOption(value) {
    const want = typeof value === 'object' ? value : { value, label: value };
    return this.act(async () => {
      const option = await this.query(
        '(els, L, w) => [...els[0].options].find((o, i) => o.value === w.value || o.label === w.label || i === w.index) ' +
          '?? null',
        want,
      );
      if (!option) throw new Error(`${this}: no option ${JSON.stringify(value)}`);
      await this.page.send('POST', `/element/${option[ELEMENT]}/click`, {}, this.frame);
    });
  }

  async setChecked(checked) {
    if ((await this.read('(el) => el.checked')) !== checked) await this.click();
    if ((await this.read('(el) => el.checked')) !== checked) {
      throw new Error(`${this} did not become ${checked ? '' : 'un'}checked`);
    }
  }

  check() {
    return this.setChecked(true);
  }

  uncheck() {
    return this.setChecked(false);
  }

  isChecked() {
    return this.read('(el) => el.checked');
  }

  /** Dispatches a DOM event of `type` on the element (bubbling, as playwright's). */
  dispatchEvent(type) {
    return this.read('(el, t) => { el.dispatchEvent(new Event(t, { bubbles: true })); }', type);
  }

  focus() {
    return this.read('(el) => el.focus()');
  }

  /** Focuses the element and presses `key` there. */
  async press(key) {
    await this.focus();
    await this.page.keyboard.press(key);
  }

  scrollIntoViewIfNeeded() {
    return this.read("(el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' })");
  }

  /**
   * Picks files for an `<input type=file>` (paths, or `{ name, buffer }`
   * written to a temporary folder): WebDriver types their paths into it.
   */
  setInputFiles(files) {
    const paths = (Array.isArray(files) ? files : [files]).map((f) => {
      if (typeof f === 'string') return f;
      const path = join(mkdtempSync(join(this.page.browser.work, 'upload-')), f.name);
      writeFileSync(path, f.buffer);
      return path;
    });
    const list = paths.join('\n');
    return this.act((id) => this.page.send('POST', `/element/${id}/value`, { text: list }, this.frame), {
      enabled: false,
      shown: false,
    });
  }

  /**
   * The element's `innerText`, without line breaks at its start or end as
   * the standard says (WebKitGTK keeps one after a list: "Place 12 more men\n").
   */
  innerText() {
    return this.read('(el) => el.innerText.replace(/^\\n+|\\n+$/g, "")');
  }

  textContent() {
    return this.read('(el) => el.textContent');
  }

  inputValue() {
    return this.read('(el) => el.value');
  }

  getAttribute(name) {
    return this.read('(el, n) => el.getAttribute(n)', name);
  }

  isDisabled() {
    return this.read('(el) => !window.__tiersE2E.enabled(el)');
  }

  async isVisible() {
    return (await this.state())?.visible === true;
  }

  allTextContents() {
    return this.query('(els) => els.map((el) => el.textContent)');
  }

  allInnerTexts() {
    return this.query('(els) => els.map((el) => el.innerText.replace(/^\\n+|\\n+$/g, ""))');
  }

  boundingBox() {
    return this.read(
      '(el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }',
    );
  }

  evaluate(fn, arg) {
    return this.read(`(el, arg) => (${fn})(el, arg)`, arg ?? null);
  }
}
