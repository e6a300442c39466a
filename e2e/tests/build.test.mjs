// The release build as Trunk leaves it (dist/) and the one step after it:
// one page wasm and one AI worker wasm; a page the strict CSP accepts (no
// inline script, no inline handler), started by assets/boot.js from the
// names Trunk writes in its tag, with Trunk's preload links and their SRI
// digests; the service worker's precache list (tools/precache.mjs) naming
// every file with its digest, and none under `./dev serve`. A page whose
// wasm cannot be had says so instead of staying blank, and so does a
// browser without WebAssembly or module workers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { DIST, ROOT, launch, newPage, serve, shot } from '../harness.mjs';
import { withApp } from '../app.mjs';

const precache = (dir, env = {}) =>
  execFileSync('node', [join(ROOT, 'tools/precache.mjs'), dir], {
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, TIERS_SERVE: '', ...env },
  });
const buildOf = (dir) =>
  JSON.parse(readFileSync(join(dir, 'sw.js'), 'utf8').match(/\/\*@build\*\/ (.*) \/\*@end\*\//)[1]);
const sha = (algo, data) => createHash(algo).update(data).digest('base64');

function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-precache-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  copyFileSync(join(ROOT, 'assets/sw.js'), join(dir, 'sw.js'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'icons/a.png'), 'png');
  writeFileSync(join(dir, 'app-1.js'), 'export default 1;');
  return dir;
}

/** A tag's attributes (Trunk's minifier drops quotes where it can). */
function attributes(tag) {
  const out = {};
  for (const m of [...tag.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].slice(1)) {
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

test('precache: every file with its digest and a build version; the same twice', () => {
  const dir = fakeBuild();
  try {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.match(precache(dir), /precaches 3 files/);
    const build = buildOf(dir);
    assert.deepEqual(
      build.files.map(([p]) => p),
      ['app-1.js', 'icons/a.png', 'index.html'],
    );
    assert.deepEqual(build.files[1], ['icons/a.png', sha('sha256', 'png').slice(0, 22)]);
    assert.match(build.version, /^[0-9a-f]{16}$/);
    assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), html, 'nothing else is touched');
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    precache(dir);
    assert.equal(readFileSync(join(dir, 'sw.js'), 'utf8'), sw);
    // Another build, another version.
    writeFileSync(join(dir, 'app-1.js'), 'export default 2;');
    precache(dir);
    assert.notEqual(buildOf(dir).version, build.version);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('precache: under ./dev serve no list, so the worker caches nothing', () => {
  const dir = fakeBuild();
  try {
    assert.match(precache(dir, { TIERS_SERVE: '1' }), /no precache list/);
    assert.equal(buildOf(dir), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('precache: a build without the service worker marker fails, naming it', () => {
  const dir = fakeBuild();
  try {
    writeFileSync(join(dir, 'sw.js'), '// no marker');
    assert.throws(
      () => precache(dir),
      (e) => /sw\.js has no \/\*@build\*\/ … \/\*@end\*\/ marker/.test(e.stderr.toString()),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the build: one page wasm, one worker wasm, a page the CSP accepts, Trunk preloads with SRI', () => {
  const wasm = readdirSync(DIST).filter((f) => f.endsWith('.wasm')).sort();
  assert.equal(wasm.length, 2, `${wasm}`);
  assert.match(wasm[0], /^app-[0-9a-f]+_bg\.wasm$/);
  assert.equal(wasm[1], 'worker_bg.wasm');

  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const csp = attributes(html.match(/<meta[^>]*Content-Security-Policy[^>]*>/i)?.[0] ?? '').content;
  assert.match(csp ?? '', /(^|;)\s*script-src 'self' 'wasm-unsafe-eval'\s*(;|$)/);
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  assert.equal(scripts.length, 1, 'one script: the boot module');
  assert.equal(scripts[0][2].trim(), '', 'no inline script');
  assert.doesNotMatch(html, /<[a-z][^>]*\son[a-z]+\s*=/i, 'no inline event handler');

  const boot = attributes(`<x ${scripts[0][1]}>`);
  assert.equal(boot.type, 'module');
  assert.equal(boot.src, '/boot.js');
  assert.match(boot['data-js'], /^\/app-[0-9a-f]+\.js$/);
  assert.equal(boot['data-wasm'], `/${wasm[0]}`);
  for (const file of [boot.src, boot['data-js'], boot['data-wasm'], '/offline.js']) {
    assert.ok(existsSync(join(DIST, file)), file);
  }
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => attributes(m[0]));
  for (const [file, rel] of [
    [boot['data-js'], 'modulepreload'],
    [boot['data-wasm'], 'preload'],
  ]) {
    const link = links.find((l) => l.href === file);
    assert.ok(link, `a preload link for ${file}`);
    assert.equal(link.rel, rel);
    assert.equal(link.integrity, `sha384-${sha('sha384', readFileSync(join(DIST, file)))}`, file);
  }
});

test('the page wasm carries no message catalogue: the page fetches its language', () => {
  const page = readdirSync(DIST).find((f) => /^app-[0-9a-f]+_bg\.wasm$/.test(f));
  const wasm = readFileSync(join(DIST, page));
  for (const name of readdirSync(join(DIST, 'i18n'))) {
    // Two messages of each catalogue: a long one and the last.
    const lines = readFileSync(join(DIST, 'i18n', name), 'utf8')
      .split('\n')
      .filter((l) => / = /.test(l) && !l.startsWith('#'));
    const long = lines.reduce((a, b) => (b.length > a.length ? b : a));
    for (const line of [long, lines[lines.length - 1]]) {
      assert.equal(wasm.includes(Buffer.from(line)), false, `${page} holds ${name}'s line ${line.slice(0, 60)}`);
    }
  }
});

test("the build's precache list names every file with its digest, not the downloads of Settings", () => {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(DIST, path).split(sep).join('/'));
    }
  };
  walk(DIST);
  const build = buildOf(DIST);
  assert.deepEqual(
    build.files.map(([p]) => p).sort(),
    files.filter((f) => f !== 'sw.js' && !f.startsWith('downloads/')).sort(),
  );
  assert.ok(files.includes('downloads/checkers-5.egdb'), 'the full-strength endgames are in the build');
  for (const [path, digest] of build.files) {
    assert.equal(digest, sha('sha256', readFileSync(join(DIST, path))).slice(0, 22), path);
  }
});

test('a page whose wasm cannot be had says so, and starts on Reload once it can', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    const refuse = (route) => route.abort();
    await browser.context.route(/_bg\.wasm$/, refuse);
    await page.goto(server.url + '/');
    const alert = page.locator('.boot-failed[role=alert]');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Tiers could not be loaded \(.+\)\. Check the connection and reload the page\./);
    assert.equal(await page.locator('#splash').count(), 0, 'the loading icon gives way to the message');
    await shot(page, 'boot-failed');
    // Only the refused wasm is named among the problems (no page error).
    for (const p of page.problems()) assert.match(p, /^console error: (Failed to load resource|Tiers could not start)/, p);
    await browser.context.unroute(/_bg\.wasm$/, refuse);
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.equal(await page.locator('.boot-failed').count(), 0);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the icon shows while the wasm loads (no request for it), then the first screen replaces it', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    let release;
    const released = new Promise((ok) => (release = ok));
    const hold = async (route) => {
      await released;
      await route.continue();
    };
    await browser.context.route(/_bg\.wasm$/, hold);
    await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
    const icon = page.locator('#splash img');
    await icon.waitFor();
    assert.ok(await icon.evaluate((img) => img.complete && img.naturalWidth > 0), 'the icon is drawn');
    assert.match(await icon.getAttribute('src'), /^data:image\/svg\+xml,/, 'the icon is in the page, not a request');
    assert.ok((await icon.boundingBox()).width >= 100, 'the icon is large enough to see');
    await shot(page, 'splash');
    release();
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.equal(await page.locator('#splash').count(), 0, 'the icon is gone with the first screen');
    assert.deepEqual(page.problems(), []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a browser without WebAssembly or module workers is told so instead of a blank page', async () => {
  const browsers = [
    ['no-wasm', () => delete globalThis.WebAssembly, /it lacks WebAssembly\./],
    [
      'no-module-workers',
      // A Worker that knows no options, as in browsers before module workers.
      () => {
        const Original = globalThis.Worker;
        globalThis.Worker = function Worker(url) {
          return new Original(url);
        };
      },
      /it lacks module workers \(the computer player runs in one\)\./,
    ],
  ];
  for (const [name, remove, lacks] of browsers) {
    await withApp({ open: false, setup: (page) => page.addInitScript(remove) }, async (page, { server }) => {
      await page.goto(server.url + '/');
      const alert = page.locator('.boot-failed[role=alert]');
      await alert.waitFor();
      const text = await alert.innerText();
      assert.match(text, /^Tiers cannot run in this browser: /);
      assert.match(text, lacks);
      assert.match(text, /Firefox \(114 or later\), Chrome or Edge \(104 or later\) or Safari \(15 or later\)/);
      assert.equal(await alert.getByRole('button').count(), 0, 'no Reload: it would not help');
      assert.equal(await page.locator('.topbar').count(), 0, 'the app did not start');
      await shot(page, `boot-unsupported-${name}`);
    });
  }
});

test("in the browser's language: a page whose wasm cannot be had, and a browser without WebAssembly (French, German)", async () => {
  const cases = [
    ['fr-FR', /^Tiers n’a pas pu être chargé \(.+\)\. Vérifiez la connexion et rechargez la page\./, 'Recharger', /^Tiers ne peut pas fonctionner dans ce navigateur\u00a0: il lui manque WebAssembly\./],
    ['de-DE', /^Tiers konnte nicht geladen werden \(.+\)\. Prüfe die Verbindung und lade die Seite neu\./, 'Neu laden', /^Tiers läuft in diesem Browser nicht: es fehlt WebAssembly\./],
  ];
  for (const [locale, failed, reload, unsupported] of cases) {
    const server = await serve();
    const browser = await launch({ locale });
    try {
      const page = await newPage(browser.context);
      await browser.context.route(/_bg\.wasm$/, (route) => route.abort());
      await page.goto(server.url + '/');
      const alert = page.locator('.boot-failed[role=alert]');
      await alert.waitFor();
      assert.match(await alert.innerText(), failed);
      assert.equal(await alert.getByRole('button').innerText(), reload);
      await shot(page, `boot-failed-${locale}`);
    } finally {
      await browser.close();
      await server.close();
    }
    await withApp({ locale, open: false, setup: (page) => page.addInitScript(() => delete globalThis.WebAssembly) }, async (page, { server }) => {
      await page.goto(server.url + '/');
      const alert = page.locator('.boot-failed[role=alert]');
      await alert.waitFor();
      assert.match(await alert.innerText(), unsupported);
      await shot(page, `boot-unsupported-${locale}`);
    });
  }
});
