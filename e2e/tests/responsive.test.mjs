// The page stays responsive while the computer thinks: the search runs in
// the web worker, so the page answers clicks while the computer thinks
// (a search on the page's own thread would hold every click until the
// move is made), and the status shows the depth and score reached. The
// page's long tasks (over 50 ms, a PerformanceObserver for 'longtask')
// from "thinking…" until the computer's move has landed are printed, not
// judged: on a shared, busy machine any task can take long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { movesPlayed, playFirstLegal, startGame, still, waitForTurn, withApp } from '../app.mjs';

test('the page answers while the computer thinks', async () => {
  await withApp({}, async (page) => {
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
    });
    // Level 8 thinks for its whole time (3 s).
    for (const game of ['checkers', 'tiers']) {
      await startGame(page, { game, opponent: 'computer', level: 8, color: 'Red' });
      if (game === 'tiers') {
        await page.locator('#formation-ready').click();
        await page.locator('#begin-tiers').click();
        // Red moves first in Tiers.
        await page.locator('#play-c3').click();
        await page.locator('#play-c4').click();
      }
      // Two turns of the computer.
      for (let turn = 0; turn < 2; turn++) {
        const thinking = page.locator('#thinking');
        await thinking.waitFor();
        const t0 = await page.evaluate(() => performance.now());
        await page.locator('#thinking .think-info').waitFor();
        assert.match(await thinking.innerText(), /thinking… depth \d+ · score [-+]?\d/);
        if (turn === 0) await shot(page, `responsive-thinking-${game}`);
        const before = await movesPlayed(page);
        assert.equal(await waitForTurn(page, 20_000), 'mine');
        assert.equal(await movesPlayed(page), before + 1);
        // Until the computer's move has been drawn and has stopped moving.
        await still(page);
        const t1 = await page.evaluate(() => performance.now());
        const long = await page.evaluate(([a, b]) => window.__long.filter((e) => e.start >= a && e.start <= b), [t0, t1]);
        console.log(`${game}: thought and moved in ${(t1 - t0).toFixed(0)} ms; long tasks: ${JSON.stringify(long)}`);
        await playFirstLegal(page, 'red');
      }
    }
    // The page answers while the computer thinks (level 8: for its whole
    // time, 2.5 s): the board turns round and back, the computer still at
    // it.
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 8, color: 'Red' });
    await page.locator('#thinking').waitFor();
    await page.locator('#flip').click();
    await page.locator('.play .board.flipped').waitFor();
    await page.locator('#flip').click();
    await page.locator('.play .board:not(.flipped)').waitFor();
    assert.equal(await movesPlayed(page), 0, 'still thinking');
    assert.equal(await page.locator('#thinking').count(), 1);
    assert.equal(await waitForTurn(page, 20_000), 'mine');
  });
});
