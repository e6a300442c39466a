// Offline play: after one visit the service worker has cached the whole
// build, so with the network off (and the server gone) the page reloads,
// a checkers game against the computer gets its replies, the rules show,
// a Tiers game starts and the tournaments open, the game in progress kept;
// the files only some screens fetch (the opening trainer's lines, the
// explorer's games collection) come from the cache too.
// A new deployment is noticed by an open page, which offers to switch to
// it. The page's CSP refuses nothing along the way (the harness turns
// violations into errors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, ROOT, launch, newPage, serve, shot } from '../harness.mjs';
import { drag, openNav } from '../app.mjs';

/** The build version written into a build's sw.js. */
function buildOf(dir) {
  const m = readFileSync(join(dir, 'sw.js'), 'utf8').match(/\/\*@build\*\/ (.*) \/\*@end\*\//);
  return JSON.parse(m[1]);
}

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Moves in the move list. */
const moveCount = (page) => page.locator('.move-list [data-ply]').count();

test('after one visit the app works with the network off', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const build = buildOf(DIST);
    const page = await newPage(browser.context);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    // The manifest and the icons it names are served.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]').href;
      const m = await (await fetch(href)).json();
      const icons = await Promise.all(
        m.icons.map(async (i) => [i.src, i.sizes, i.purpose, (await fetch(new URL(i.src, href))).status]),
      );
      return { name: m.short_name, display: m.display, start: m.start_url, icons };
    });
    assert.equal(manifest.name, 'Tiers');
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some(([, s, p, st]) => s === '192x192' && p === 'any' && st === 200));
    assert.ok(manifest.icons.some(([, s, p, st]) => s === '512x512' && p === 'any' && st === 200));
    assert.ok(manifest.icons.some(([, s, p, st]) => s === '512x512' && p === 'maskable' && st === 200));

    await controlled(page);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
      return { names, urls };
    });
    assert.deepEqual(cached.names, [`tiers:/:${build.version}`]);
    assert.deepEqual(
      cached.urls.sort(),
      // and the page on its plain address (assets/sw.js, the static routes)
      ['/', ...build.files.map(([p]) => `/${p}`)].sort(),
      'every file of the build is cached',
    );
    assert.ok(cached.urls.includes('/worker_loader.js'), "the AI worker's loader is cached");
    assert.ok(cached.urls.includes('/worker_bg.wasm'), "the AI worker's wasm is cached");
    assert.ok(cached.urls.some((u) => /^\/app-[0-9a-f]+_bg\.wasm$/.test(u)), "the page's wasm is cached");
    assert.ok(cached.urls.includes('/data/egdb/checkers-4.egdb'), 'the endgame database is cached');
    assert.ok(cached.urls.includes('/data/book/checkers.book'), 'the opening book is cached');
    assert.ok(cached.urls.includes('/boot.js') && cached.urls.includes('/offline.js'), "the page's start is cached");
    assert.ok(cached.urls.includes('/puzzles/tiers.txt'), 'the puzzles are cached');

    // Network off, and the server gone.
    await browser.context.setOffline(true);
    await server.close();
    const served = server.requests.length;
    await page.reload();
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    // Chromium takes the page and its files straight from the cache, without
    // starting the worker (its static routes; assets/sw.js, `routes`).
    const sources = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => [
        new URL(e.name).pathname,
        e.workerMatchedSourceType,
      ]),
    );
    assert.deepEqual(
      sources.filter(([path, source]) => /^\/(|boot\.js|app-.*)$/.test(path) && source !== 'cache'),
      [],
      'the page, its script and its wasm come from the cache by the static routes',
    );

    // Checkers against the computer (level 3, the person plays Red): Black,
    // the computer, opens; Red answers 22-18 by dragging; the computer replies.
    await page.locator('#start-game').click();
    await page.locator('#play-c3').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.move-list [data-ply]').length === 1, null, {
      timeout: 30_000,
    });
    await drag(page, 'c3', 'd4');
    await page.waitForFunction(() => document.querySelectorAll('.move-list [data-ply]').length === 3, null, {
      timeout: 30_000,
    });
    assert.equal(await page.locator('.move-list [data-ply="2"]').innerText(), '22-18');
    await shot(page, 'offline-checkers-vs-computer');

    // The rules.
    await page.locator('#show-rules').click();
    await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
    await shot(page, 'offline-rules');

    // A Tiers game against a friend: formations, then the board.
    await page.getByRole('button', { name: 'New game', exact: true }).first().click();
    await page.locator('[data-game=tiers]').click();
    await page.getByRole('button', { name: 'Friend on this device', exact: true }).click();
    await page.locator('#start-game').click();
    await page.locator('#formation-ready').click();
    await page.locator('#formation-ready').click();
    await page.locator('#begin-tiers').click();
    await page.getByRole('grid', { name: /tiers board/i }).waitFor();
    assert.equal(await moveCount(page), 0);
    await shot(page, 'offline-tiers');

    // The tournaments; the Tiers game waits.
    await page.locator('#show-tournaments').click();
    await page.locator('#new-tournament').waitFor();
    await shot(page, 'offline-tournaments');
    await page.locator('#resume').click();
    await page.getByRole('grid', { name: /tiers board/i }).waitFor();

    // The opening trainer, whose lines are a file of their own.
    await openNav(page, 'show-puzzles');
    await page.click('#show-openings');
    await page.locator('#openings-ballot', { hasText: /^ACF 1:/ }).waitFor();
    // The analysis board's explorer over the games collection (a lazy file).
    await openNav(page, 'show-analysis');
    await page.locator('#analysis-title').waitFor();
    await page.click('#explorer-toggle');
    await page.click('#explorer-tab-collection');
    await page.locator('#explorer-summary', { hasText: '312 games of the engine' }).waitFor();
    await page.locator('#explorer-moves .explorer-row').first().waitFor();
    await shot(page, 'offline-explorer-collection');

    assert.equal(server.requests.length, served, 'nothing reached the server while offline');
    assert.deepEqual(page.problems(), []);
    assert.deepEqual(browser.blocked, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a new deployment is noticed and taken on request', async () => {
  // A copy of the build that can be "redeployed".
  const dir = mkdtempSync(join(tmpdir(), 'tiers-deploy-'));
  cpSync(DIST, dir, { recursive: true });
  const server = await serve(dir);
  const browser = await launch();
  try {
    const first = buildOf(dir).version;
    const page = await newPage(browser.context);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await controlled(page);
    assert.equal(await page.locator('#update-notice').count(), 0, 'no notice on the first visit');

    // Deploy a new build: one file changes, the build list is written again.
    const manifestPath = join(dir, 'manifest.webmanifest');
    const m = JSON.parse(readFileSync(manifestPath, 'utf8'));
    m.description += ' (new)';
    writeFileSync(manifestPath, JSON.stringify(m));
    execFileSync('node', [join(ROOT, 'tools/precache.mjs'), dir]);
    const second = buildOf(dir).version;
    assert.notEqual(second, first);

    // The open page checks (as it does hourly, and the browser does on
    // navigation) and shows the notice; the old version keeps running.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.locator('#update-notice').waitFor();
    assert.match(await page.locator('#update-notice').innerText(), /new version/i);
    await shot(page, 'offline-update-notice');
    const before = await page.evaluate(() => caches.keys());
    assert.ok(before.includes(`tiers:/:${first}`), 'the old cache stays until the switch');

    await Promise.all([page.waitForEvent('load'), page.locator('#update-reload').click()]);
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await page.waitForFunction(
      async (v) => {
        const keys = await caches.keys();
        return keys.length === 1 && keys[0] === `tiers:/:${v}`;
      },
      second,
    );
    assert.equal(await page.locator('#update-notice').count(), 0);
    assert.deepEqual(page.problems(), []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
