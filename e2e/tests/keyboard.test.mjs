// Playing with the keyboard only: Tab to the board, arrow keys move the
// cursor, Enter or Space picks up and drops, Escape cancels. The cursor's
// square is announced through aria-activedescendant and moves through the
// aria-live region.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { moveTexts, startGame, withApp } from '../app.mjs';

/** The accessible name of the square under the keyboard cursor. */
async function cursor(page) {
  return page.evaluate(() => {
    const board = document.activeElement;
    const id = board?.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.getAttribute('aria-label') : null;
  });
}

async function keys(page, ...names) {
  for (const k of names) await page.keyboard.press(k);
}

test('a move entered with the keyboard only', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    // Tab from the top of the page until the board has the focus.
    await page.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'grid')) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Checkers board');
    // Black moves first: the cursor starts on a piece that can move.
    const start = await cursor(page);
    assert.match(start, /black man$/);

    // Go to f6 (square 11), pick it up, cancel with Escape.
    await goTo(page, 'f6');
    assert.equal(await cursor(page), '11 (f6), black man');
    await keys(page, 'Enter');
    assert.equal(await page.locator('.square.selected').getAttribute('id'), 'play-f6');
    await keys(page, 'Escape');
    assert.equal(await page.locator('.square.selected').count(), 0);

    // Pick up again with Space, go to e5 and drop it with Enter: 11-15.
    await keys(page, ' ');
    await keys(page, 'ArrowDown', 'ArrowLeft');
    assert.equal(await cursor(page), '15 (e5), empty');
    await shot(page, 'keyboard-cursor');
    await keys(page, 'Enter');
    assert.deepEqual(await moveTexts(page), ['11-15']);
    assert.equal(await page.locator('#announce').innerText(), 'Black played 11-15.');
    // Red answers, still without the mouse: 22-18 (c3 to d4).
    await goTo(page, 'c3');
    await keys(page, 'Enter');
    await goTo(page, 'd4');
    await keys(page, ' ');
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'grid');
  });
});

/** Moves the keyboard cursor to a square (Red at the bottom) with arrow keys. */
async function goTo(page, sq) {
  const label = await cursor(page);
  const now = label.match(/([a-h][1-8])\)?,/)[1];
  const df = sq.charCodeAt(0) - now.charCodeAt(0);
  const dr = Number(sq[1]) - Number(now[1]);
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
}
