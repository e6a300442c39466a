// The checkers endgame database in the browser: the AI worker fetches it
// (lazily, the first time the computer plays at the top level) and the
// computer's thinking shows database wins; when the file cannot be had, a
// notice says so and the computer plays on without it. The opening book
// is fetched the same way by the levels that play from it (5-7), not by
// the top level.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, launch, newPage, serve, shot } from '../harness.mjs';
import { moveTexts, openLink, openSettings, playFirstLegal, waitForMoves, withApp } from '../app.mjs';

/** Black (the computer, level 8) with two kings against Red's lone king:
 * a database win; the person plays Red. */
const LINK = `game=checkers&ai=8&color=red&fen=${encodeURIComponent('B:WK32:BK1,K5')}`;
const EGDB = '/data/egdb/checkers-4.egdb';
const BOOK = '/data/book/checkers.book';

/**
 * Plays Red (the first legal move each turn) against the computer of
 * {@link LINK} until its thinking shows a database win, then waits for its
 * move; fails if the game ends first.
 */
async function untilDatabaseWin(page) {
  const thinking = page.locator('#thinking', { hasText: /db win in \d+/ });
  const mine = page.locator('#status-text', { hasText: 'your turn' });
  const over = page.getByRole('dialog');
  let seen = false;
  while (!seen && (await over.count()) === 0) {
    await thinking.or(mine).or(over).first().waitFor({ timeout: 60_000 });
    seen = (await thinking.count()) > 0;
    await mine.or(over).first().waitFor({ timeout: 60_000 });
    if (!seen && (await over.count()) === 0) await playFirstLegal(page, 'red');
  }
  assert.ok(seen, 'a database win in the thinking line');
}

// The service worker precaches every data file once the page is idle, so
// the tests that say which files the AI worker fetched block it.
test('the computer at the top level loads the endgame database and plays from it', async () => {
  await withApp({ open: false, serviceWorkers: 'block' }, async (page, { server }) => {
    assert.ok(!server.requests.includes(EGDB), 'not fetched before it is needed');
    assert.ok(!server.requests.includes(BOOK), 'the book neither');
    await openLink(page, server, LINK);
    // Its thinking shows the database's verdict, then it moves. The worker
    // holds its first search up to 3 s for the file; on a busy machine the
    // file can take longer, and that search goes on without it: then a
    // later one has it (the person plays on until then; the database win
    // takes longer than that to come on the board).
    await untilDatabaseWin(page);
    assert.ok(server.requests.includes(EGDB), 'the worker fetched the database');
    assert.ok(!server.requests.includes(BOOK), 'not the opening book: level 8 does not play from it');
    assert.equal((await moveTexts(page)).length % 2, 1, 'the computer moved last');
    assert.equal(await page.locator('#notices').count(), 0, 'no notice');
    await shot(page, 'endgames-db-win');
  });
});

test('without the database file, a notice says so and the computer still plays', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-no-egdb-'));
  try {
    cpSync(DIST, dir, { recursive: true });
    rmSync(join(dir, EGDB), { force: true });
    await withApp({ dir, open: false }, async (page, { server }) => {
      await openLink(page, server, LINK);
      await page.locator('#status-text', { hasText: 'your turn' }).waitFor({ timeout: 30_000 });
      // The first search runs while the file is fetched; the notice comes
      // with the next request.
      const [from, to] = ['#play-g1', '#play-h2'];
      await page.click(from);
      await page.click(to);
      const notice = page.locator('.notice', { hasText: 'The endgame database could not be loaded' });
      await notice.waitFor({ timeout: 30_000 });
      assert.match(await notice.innerText(), /\(the server answered 404\); the computer plays on without it\./);
      await page.locator('#status-text', { hasText: 'your turn' }).waitFor({ timeout: 30_000 });
      assert.equal((await moveTexts(page)).length, 3, 'the game went on');
      await shot(page, 'endgames-db-missing');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the computer at level 7 loads the opening book and opens with a book move', async () => {
  await withApp({ open: false, serviceWorkers: 'block' }, async (page, { server }) => {
    // The computer plays Black and opens; level 7 plays any book move
    // within a tenth of a man of the best (the committed book: 11-15,
    // 9-14 or 10-15 at the start; a search would choose among them too).
    await openLink(page, server, 'game=checkers&ai=7&color=red');
    await waitForMoves(page, 1);
    assert.ok(server.requests.includes(BOOK), 'the worker fetched the book');
    assert.ok(!server.requests.includes(EGDB), 'not the endgame database (level 8 only)');
    assert.ok(['11-15', '9-14', '10-15'].includes((await moveTexts(page))[0]));
    assert.equal(await page.locator('#notices').count(), 0, 'no notice');
  });
});

// Settings' full-strength endgames (src/endgames.rs): every position of 2-5
// pieces, a download into a cache of its own, which the AI worker then
// reads instead of fetching the standard 2-4 piece file.
const FULL = '/downloads/checkers-5.egdb';

test('the full-strength endgames: downloaded in Settings with its progress, kept, used by the computer, removed', async () => {
  await withApp({ serviceWorkers: 'block' }, async (page, { server }) => {
    await openSettings(page);
    const state = page.locator('#endgames-state');
    await state.filter({ hasText: 'In use: the standard database, up to 4 pieces.' }).waitFor();
    const download = page.locator('#endgames-download');
    // Its size, as the server gives it.
    await download.filter({ hasText: /^Download the full-strength endgames \(47 MB\)$/ }).waitFor();
    // Slowed down (16 MB/s, some 3 s) so that its progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const speed = (bytes) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: bytes, uploadThroughput: bytes });
    await speed(16_000_000);
    await download.click();
    const progress = page.locator('#endgames-progress');
    await progress.waitFor();
    assert.match(await page.locator('#endgames-progress-label').innerText(), /^Downloading: \d+ of 47 MB$/);
    assert.equal(await progress.getAttribute('max'), '47377966');
    await shot(page, 'endgames-downloading');
    await state.filter({ hasText: 'In use: the full-strength database, up to 5 pieces (downloaded).' }).waitFor({ timeout: 120_000 });
    await speed(-1);
    assert.equal(await download.count(), 0, 'no download button once it is there');
    await shot(page, 'endgames-downloaded');
    // Kept: a new visit finds it.
    await page.reload();
    await openSettings(page);
    await state.filter({ hasText: 'up to 5 pieces (downloaded)' }).waitFor();

    // The computer at the top level plays from it: its thinking shows
    // database wins, and the standard file is not fetched.
    const before = server.requests.length;
    await openLink(page, server, LINK);
    await untilDatabaseWin(page);
    assert.ok(!server.requests.slice(before).includes(EGDB), 'the standard file was not fetched');
    assert.equal(await page.locator('#notices').count(), 0, 'no notice');

    // Removed: the cache no longer holds it, and the standard one is in use.
    await openSettings(page);
    await page.click('#endgames-remove');
    await state.filter({ hasText: 'In use: the standard database, up to 4 pieces.' }).waitFor();
    assert.equal(await page.evaluate(async () => Boolean(await (await caches.open('tiers-endgames')).match('./downloads/checkers-5.egdb'))), false);
  });
});

test('a download of the full-strength endgames that fails says why, and can be tried again', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    await browser.context.route(`**${FULL}`, (route) => route.fulfill({ status: 503, body: 'busy' }));
    await page.goto(server.url + '/');
    await openSettings(page);
    // The server does not say its size: the button does not either.
    const download = page.locator('#endgames-download');
    await download.filter({ hasText: /^Download the full-strength endgames$/ }).waitFor();
    await download.click();
    const error = page.locator('#endgames-error');
    await error.waitFor();
    assert.equal(await error.innerText(), 'The download failed (the server answered 503). Try again.');
    assert.equal(await page.locator('#endgames-state').count(), 0);
    assert.ok(await download.isEnabled(), 'it can be tried again');
    const kept = () => page.evaluate(async () => Boolean(await (await caches.open('tiers-endgames')).match('./downloads/checkers-5.egdb')));
    assert.equal(await kept(), false, 'nothing kept');
    // The browser's own line about the refused file is the only problem.
    for (const p of page.problems()) assert.match(p, /^console error: Failed to load resource: the server responded with a status of 503/, p);
  } finally {
    await browser.close();
    await server.close();
  }
});
