// The cross-browser set, offline and embedded: in each engine, after one
// visit the service worker has the whole build, so with the server gone
// the page reloads, the computer (its worker and wasm from the cache)
// replies, and the rules open; and the embed page in a frame of another
// site answers the host page's postMessage commands and tells it the moves
// played by clicks in the frame. Screenshots: target/screenshots/cross-<engine>-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossEngines, shot } from '../harness.mjs';
import {
  eventually, lastManTakenInFrame, nextEvent, openNav, playFirstLegal, startGame, still, stillIn, waitForMoves,
  waitForTurn, withApp, withHost,
} from '../app.mjs';

for (const engine of crossEngines()) {
  test(`${engine}: after one visit the app works with the server gone`, async () => {
    await withApp({ engine }, async (page, { server }) => {
      // Controlled once the worker has cached every file of the build.
      await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
        timeout: 60_000,
      });
      await server.close();
      const served = server.requests.length;
      await page.reload();
      await page.getByRole('heading', { name: /new game/i }).waitFor();
      await startGame(page, { game: 'checkers', opponent: 'computer', level: 2, color: 'Red' });
      assert.equal(await waitForTurn(page), 'mine');
      await playFirstLegal(page, 'red');
      assert.equal(await waitForTurn(page), 'mine');
      await waitForMoves(page, 3);
      await still(page);
      await shot(page, `cross-${engine}-offline`);
      await openNav(page, 'show-rules');
      await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
      assert.equal(server.requests.length, served, 'nothing reached the server');
    });
  });

  test(`${engine}: the embed page in another site's frame, driven by postMessage`, async () => {
    const query = (host) => `embed=1&players=2&origin=${encodeURIComponent(host)}`;
    await withHost(
      query,
      async (page, { host }) => {
        await page.goto(host.url + '/host.html');
        const frame = page.frameLocator('#frame');
        const ready = await nextEvent(page, 'ready');
        assert.deepEqual([ready.game, ready.sideToMove, ready.ply], ['checkers', 'black', 0]);
        // A move by clicks in the frame (Black's 11-15: f6 to e5) is told to the host.
        await frame.locator('#embed-f6').click();
        await frame.locator('#embed-e5').click();
        const move = await nextEvent(page, 'move');
        assert.deepEqual([move.move, move.by, move.ply], ['11-15', 'black', 1]);
        // A command: a position where Red takes Black's last man (18x9).
        const n = await lastManTakenInFrame(page, frame);
        const over = await nextEvent(page, 'gameOver', n);
        assert.deepEqual([over.result, over.winner], ['0-1', 'red']);
        await eventually(() => frame.locator('#status-text').innerText(), /Red wins/);
        await stillIn(frame);
        await shot(page, `cross-${engine}-embed`);
      },
      { engine, viewport: { width: 600, height: 720 } },
    );
  });
}
