// The checkers endgame database in the browser: the AI worker fetches it
// (lazily, the first time the computer plays at the top level) and the
// computer's thinking shows database wins; when the file cannot be had, a
// notice says so and the computer plays on without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, launch, newPage, serve, shot } from '../harness.mjs';
import { moveTexts, openLink, playFirstLegal } from '../app.mjs';

/** Black (the computer, level 8) with two kings against Red's lone king:
 * a database win; the person plays Red. */
const LINK = `game=checkers&ai=8&color=red&fen=${encodeURIComponent('B:WK32:BK1,K5')}`;
const EGDB = '/data/egdb/checkers-4.egdb';
const BOOK = '/data/book/checkers.book';

async function run(dir, body) {
  const server = await serve(dir);
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    await body(page, server);
    assert.deepEqual(browser.blocked, [], 'no outside requests');
  } finally {
    await browser.close();
    await server.close();
  }
}

test('the computer at the top level loads the endgame database and plays from it', async () => {
  await run(DIST, async (page, server) => {
    assert.ok(!server.requests.includes(EGDB), 'not fetched before it is needed');
    assert.ok(!server.requests.includes(BOOK), 'the book neither');
    await openLink(page, server, LINK);
    // Its thinking shows the database's verdict, then it moves. The worker
    // holds its first search up to 3 s for the file; on a busy machine the
    // file can take longer, and that search goes on without it: then the
    // next one has it.
    const thinking = page.locator('#thinking', { hasText: /db win in \d+/ });
    const mine = page.locator('#status-text', { hasText: 'your turn' });
    let seen = false;
    for (let turn = 0; turn < 2 && !seen; turn++) {
      await thinking.or(mine).first().waitFor({ timeout: 30_000 });
      seen = (await thinking.count()) > 0;
      await mine.waitFor({ timeout: 30_000 });
      if (!seen) await playFirstLegal(page, 'red');
    }
    assert.ok(seen, 'a database win in the thinking line');
    assert.ok(server.requests.includes(EGDB), 'the worker fetched the database');
    assert.ok(server.requests.includes(BOOK), 'and the opening book (level 8 plays from it)');
    assert.ok([1, 3].includes((await moveTexts(page)).length));
    assert.equal(await page.locator('#notices').count(), 0, 'no notice');
    await shot(page, 'endgames-db-win');
    assert.deepEqual(page.problems(), []);
  });
});

test('without the database file, a notice says so and the computer still plays', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-no-egdb-'));
  try {
    cpSync(DIST, dir, { recursive: true });
    rmSync(join(dir, EGDB), { force: true });
    await run(dir, async (page, server) => {
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
      assert.deepEqual(page.problems(), []);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
