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
    assert.equal(await page.locator('#announce').innerText(), 'Black played 11-15: man from 11 to 15.');
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

/** The square (e.g. "f6") under the keyboard cursor and its box on the screen. */
async function cursorAt(page) {
  const label = await cursor(page);
  const sq = label.match(/([a-h][1-8])\)?,/)[1];
  return { sq, box: await page.locator(`#play-${sq}`).boundingBox() };
}

/**
 * Moves the keyboard cursor to a square by looking at the screen: an arrow
 * key towards where the square is drawn, until the cursor is on it. Works
 * whichever way the board is turned, as long as the arrows follow the
 * screen.
 */
async function goToOnScreen(page, sq) {
  const target = await page.locator(`#play-${sq}`).boundingBox();
  for (let i = 0; i < 16; i++) {
    const { sq: now, box } = await cursorAt(page);
    if (now === sq) return;
    const dx = target.x - box.x;
    const dy = target.y - box.y;
    if (Math.abs(dx) > box.width / 2) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  assert.fail(`the cursor did not reach ${sq}: it is on ${(await cursorAt(page)).sq}`);
}

test('the keyboard on a flipped board: arrows follow the screen, Black plays at the bottom', async () => {
  await withApp({}, async (page) => {
    // Playing Black against the computer: Black is at the bottom and moves first.
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 1, color: 'Black' });
    const board = page.getByRole('grid', { name: 'Checkers board' });
    assert.match(await board.getAttribute('class'), /\bflipped\b/);
    await board.focus();
    // The cursor starts on one of Black's men; each arrow moves it one
    // square in its direction on the screen.
    const start = await cursorAt(page);
    assert.match(await cursor(page), /black man$/);
    const steps = [
      ['ArrowUp', 0, -1],
      ['ArrowLeft', -1, 0],
      ['ArrowDown', 0, 1],
      ['ArrowRight', 1, 0],
    ];
    let before = start;
    for (const [key, dx, dy] of steps) {
      await page.keyboard.press(key);
      const now = await cursorAt(page);
      const moved = [Math.round((now.box.x - before.box.x) / before.box.width), Math.round((now.box.y - before.box.y) / before.box.height)];
      assert.deepEqual(moved, [dx, dy], `${key} from ${before.sq} to ${now.sq}`);
      before = now;
    }
    assert.equal(before.sq, start.sq, 'four arrows round a square come back');
    // On this board up is towards rank 1 and right towards file a.
    await goToOnScreen(page, 'd6');
    await page.keyboard.press('ArrowUp');
    assert.equal((await cursorAt(page)).sq, 'd5');
    await page.keyboard.press('ArrowRight');
    assert.equal((await cursorAt(page)).sq, 'c5');

    // 11-15 (f6 to e5): pick up with Enter, put down with Space.
    await goToOnScreen(page, 'f6');
    assert.equal(await cursor(page), '11 (f6), black man');
    await keys(page, 'Enter');
    assert.equal(await page.locator('.square.selected').getAttribute('id'), 'play-f6');
    await goToOnScreen(page, 'e5');
    await shot(page, 'keyboard-flipped-cursor');
    // What the live region says is recorded as it changes: the computer's
    // reply, on a busy machine, can replace the announcement before a read.
    await page.evaluate(() => {
      const region = document.querySelector('#announce');
      window.heard = [];
      new MutationObserver(() => window.heard.push(region.innerText)).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await keys(page, ' ');
    await page.waitForFunction(() => window.heard.includes('Black played 11-15: man from 11 to 15.'));
    assert.deepEqual((await moveTexts(page)).slice(0, 1), ['11-15']);
    // The computer (Red) answers; the board still has the focus.
    await page.locator('#status-text', { hasText: 'your turn' }).waitFor();
    assert.equal((await moveTexts(page)).length, 2);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'grid');
  });
});
