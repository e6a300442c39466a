// The cross-browser set, playing: in each engine (harness.mjs
// `crossEngines`: Chromium, Firefox, WebKitGTK) the page loads, a checkers
// game against the computer goes several moves with a take-back and
// resumes after a reload; two people set up Tiers formations by clicks and
// by drag and play captures with a multi-jump by clicks; the ultra king
// loads, drops and teleports by drag. Screenshots:
// target/screenshots/cross-<engine>-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossEngines, shot } from '../harness.mjs';
import {
  drag, eventually, moveTexts, movesPlayed, openLink, piecesOf, playFirstLegal, press, seeded, squaresWith, startGame,
  status, still, storedJson, waitForTurn, withApp,
} from '../app.mjs';

for (const engine of crossEngines()) {
  test(`${engine}: checkers against the computer, a take-back, and a reload that resumes`, async () => {
    await withApp({ engine }, async (page) => {
      await still(page);
      await shot(page, `cross-${engine}-new-game`);
      await startGame(page, { game: 'checkers', opponent: 'computer', level: 1, color: 'Red' });
      const pick = seeded(23);
      for (let i = 0; i < 4; i++) {
        assert.equal(await waitForTurn(page), 'mine');
        await playFirstLegal(page, 'red', { pick });
      }
      assert.equal(await waitForTurn(page), 'mine');
      const nine = await moveTexts(page);
      assert.equal(nine.length, 9, `${nine}`);

      // Take back: my last move and the computer's reply.
      await page.locator('#undo').click();
      await eventually(() => moveTexts(page), nine.slice(0, 7));
      assert.equal(await page.locator('.move-list .move.undone').count(), 2);
      await eventually(() => status(page), /^Red to move: your turn\./);
      await still(page);
      await shot(page, `cross-${engine}-taken-back`);

      // The reload finds the game where it was (once it is stored).
      await storedJson(page, 'tiers.saved', (v) => v?.game?.ply === 7);
      await page.reload();
      await page.locator('.play .board').waitFor();
      await eventually(() => moveTexts(page), nine.slice(0, 7));
      await eventually(() => status(page), /^Red to move: your turn\./);
      // And goes on: a move, the computer's reply.
      await playFirstLegal(page, 'red', { pick });
      assert.equal(await waitForTurn(page), 'mine');
      await eventually(() => movesPlayed(page), 9);
      await still(page);
      await shot(page, `cross-${engine}-resumed`);
    });
  });

  test(`${engine}: Tiers formations by clicks and drag, a multi-jump by clicks, the ultra king by drag`, async () => {
    await withApp({ engine }, async (page, { server }) => {
      await startGame(page, { game: 'tiers', opponent: 'friend' });
      const validation = () => page.locator('#formation-validation').innerText();
      const label = (sq, board = 'play') => page.locator(`#${board}-${sq}`).getAttribute('aria-label');
      // Red by clicks: eight men on rank 3, four on rank 2.
      await page.getByRole('button', { name: 'Clear' }).click();
      await eventually(validation, 'Place 12 more men');
      const red = ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3', 'h3', 'a2', 'b2', 'g2', 'h2'];
      for (const sq of red) await press(page, sq, { board: 'formation' });
      await eventually(validation, "Red's formation is valid.");
      assert.deepEqual((await piecesOf(page, 'red', 'formation')).sort(), [...red].sort());
      await page.locator('#formation-ready').click();
      // Black: the mirror of Red's, then d6 dragged back to d8.
      await page.getByRole('button', { name: 'Mirror other side' }).click();
      await eventually(() => label('d6', 'formation'), 'd6, black man');
      await drag(page, 'd6', 'd8', 'formation');
      await eventually(() => label('d6', 'formation'), 'd6, empty');
      assert.equal(await label('d8', 'formation'), 'd8, black man');
      await eventually(validation, "Black's formation is valid.");
      await still(page);
      await shot(page, `cross-${engine}-formation`);
      await page.locator('#formation-ready').click();
      await page.locator('#begin-tiers').click();
      await page.locator('.play .board').waitFor();

      // Black must take, and its man goes on from c3 over b2 to a1 (one
      // landing square at a time), crowned there.
      for (const sq of ['c3', 'c4', 'e6', 'e5', 'd3', 'd4']) await press(page, sq);
      await eventually(() => squaresWith(page, 'highlight'), ['play-e5']);
      await press(page, 'e5');
      await press(page, 'c3');
      await eventually(() => squaresWith(page, 'target'), ['play-a1']);
      await press(page, 'a1');
      await eventually(() => moveTexts(page), ['c3-c4', 'e6-e5', 'd3-d4', 'e5xc3xa1']);
      assert.equal(await label('a1'), 'a1, black king');
      assert.equal((await piecesOf(page, 'red')).length, 10);
      assert.match(await status(page), /^Red to move\./);
      await still(page);
      await shot(page, `cross-${engine}-multi-jump`);

      // The ultra king (a prepared position, by link): load, drop, teleport by drag.
      const tfen = '7m/8/8/8/3U4/2K5/8/8 r 0 1';
      await openLink(page, server, `game=tiers&players=2&tfen=${encodeURIComponent(tfen)}`);
      // Each drag waits for the last one's result on the board.
      await drag(page, 'd4', 'c3');
      await eventually(() => label('d4'), 'd4, red ultra king carrying a king');
      await drag(page, 'h8', 'h7');
      await eventually(() => label('h7'), 'h7, black man');
      await drag(page, 'd4', 'a1');
      await eventually(() => label('a1'), 'a1, red triple king');
      await drag(page, 'h7', 'h6');
      await eventually(() => label('h6'), 'h6, black man');
      await drag(page, 'd4', 'b7');
      await eventually(() => moveTexts(page), ['d4<c3', 'h8-h7', 'd4>a1', 'h7-h6', 'd4-b7']);
      assert.equal(await label('b7'), 'b7, red ultra king');
      await still(page);
      await shot(page, `cross-${engine}-ultra-king`);
    });
  });
}
