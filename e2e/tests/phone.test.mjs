// The app on a phone: 360×740 and 320×640 with touch. Everything fits the
// width (no sideways scrolling), moves are made by tapping, and a man is
// dragged with a finger in the formation editor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, moveTexts, noSideScroll, piecesOf, press, startGame, status, still, withApp } from '../app.mjs';

/** A finger drag from one square's centre to another's (CDP touch events). */
async function touchDrag(page, from, to, board) {
  // As a person would, with the squares on screen first (the new game
  // screen, with its clock choices, leaves the page scrolled on a phone).
  await page.locator(`#${board}-${to}`).scrollIntoViewIfNeeded();
  await page.locator(`#${board}-${from}`).scrollIntoViewIfNeeded();
  const a = await page.locator(`#${board}-${from}`).boundingBox();
  const b = await page.locator(`#${board}-${to}`).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (r, f = 0.5) => ({ x: r.x + r.width * f, y: r.y + r.height * f });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(a)] });
  for (let i = 1; i <= 8; i++) {
    const p = { x: at(a).x + ((at(b).x - at(a).x) * i) / 8, y: at(a).y + ((at(b).y - at(a).y) * i) / 8 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('checkers by tapping on a 360×740 phone', async () => {
  await withApp(PHONE, async (page) => {
    await noSideScroll(page, 'new game');
    await shot(page, 'phone-new-game');
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    await noSideScroll(page, 'play');
    const board = await page.locator('.play .board').boundingBox();
    assert.ok(board.width >= 330, `the board uses the width (${board.width}px)`);
    await press(page, 'f6', { tap: true });
    assert.equal(await page.locator('.square.target').count(), 2);
    await press(page, 'e5', { tap: true });
    await press(page, 'c3', { tap: true });
    await press(page, 'd4', { tap: true });
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
    // Black must take: 15x22.
    await press(page, 'e5', { tap: true });
    await press(page, 'c3', { tap: true });
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18', '15x22']);
    assert.match(await status(page), /^Red to move/);
    await still(page);
    await shot(page, 'phone-checkers');
  });
});

test('Tiers formation and play by touch on a 320×640 phone', async () => {
  await withApp({ ...PHONE, viewport: { width: 320, height: 640 } }, async (page) => {
    await startGame(page, { game: 'tiers', opponent: 'computer', level: 1, color: 'Red' });
    await noSideScroll(page, 'formation');
    // Move a man with a finger: c3 to d3.
    await touchDrag(page, 'c3', 'd3', 'formation');
    assert.equal(await page.locator('#formation-d3').getAttribute('aria-label'), 'd3, red man');
    assert.equal(await page.locator('#formation-c3').getAttribute('aria-label'), 'c3, empty');
    // Tap to take a man away and put it back.
    await press(page, 'a1', { board: 'formation', tap: true });
    assert.equal(await page.locator('#formation-validation').innerText(), 'Place 1 more man');
    await press(page, 'c3', { board: 'formation', tap: true });
    assert.equal(await page.locator('#formation-validation').innerText(), "Red's formation is valid.");
    await shot(page, 'phone-formation');
    await page.locator('#formation-ready').tap();
    assert.match(await page.locator('#formation-note').innerText(), /The computer has revealed its formation/);
    assert.equal((await piecesOf(page, 'black', 'formation')).length, 12);
    await shot(page, 'phone-formation-revealed');
    await page.locator('#begin-tiers').tap();
    await page.locator('.play .board').waitFor();
    await noSideScroll(page, 'Tiers play');
    // Red moves first in Tiers: a man forward by tapping.
    await press(page, 'd3', { tap: true });
    await press(page, 'd4', { tap: true });
    assert.deepEqual((await moveTexts(page)).slice(0, 1), ['d3-d4']);
    await page.locator('#status-text', { hasText: 'your turn' }).waitFor();
    assert.equal((await moveTexts(page)).length, 2);
    await still(page);
    await shot(page, 'phone-tiers-play');
  });
});
