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
import { DIST, shot } from '../harness.mjs';
import { moveTexts, openLink, playFirstLegal, waitForMoves, withApp } from '../app.mjs';

/** Black (the computer, level 8) with two kings against Red's lone king:
 * a database win; the person plays Red. */
const LINK = `game=checkers&ai=8&color=red&fen=${encodeURIComponent('B:WK32:BK1,K5')}`;
const EGDB = '/data/egdb/checkers-4.egdb';
const BOOK = '/data/book/checkers.book';

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
    const thinking = page.locator('#thinking', { hasText: /db win in \d+/ });
    const mine = page.locator('#status-text', { hasText: 'your turn' });
    const over = page.getByRole('dialog');
    let seen = false;
    for (let turn = 0; !seen && (await over.count()) === 0; turn++) {
      await thinking.or(mine).or(over).first().waitFor({ timeout: 30_000 });
      seen = (await thinking.count()) > 0;
      await mine.or(over).first().waitFor({ timeout: 30_000 });
      if (!seen && (await over.count()) === 0) await playFirstLegal(page, 'red');
    }
    assert.ok(seen, 'a database win in the thinking line');
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
