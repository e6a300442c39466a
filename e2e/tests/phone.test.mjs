// The app on a phone: 360×740 and 320×640 with touch. Everything fits the
// width (no sideways scrolling), moves are made by tapping, and a man is
// dragged with a finger in the formation editor. The title bar keeps one
// row: the screens are in a menu (by touch and by keyboard).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, focused, moveTexts, noSideScroll, piecesOf, press, startGame, status, still, withApp } from '../app.mjs';

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

test('the menu on a 390 px phone: one row, opened, chosen, closed by Escape, a tap beside it or the focus leaving', async () => {
  await withApp({ ...PHONE, viewport: { width: 390, height: 844 } }, async (page) => {
    const toggle = page.locator('#nav-toggle');
    const expanded = () => toggle.getAttribute('aria-expanded');
    // One row: the name, the menu button and the gear side by side; the
    // screens hidden until the menu opens.
    const top = async (sel) => (await page.locator(sel).boundingBox()).y;
    const bar = await page.locator('.topbar').boundingBox();
    assert.ok(bar.height < 56, `the bar is one row (${bar.height}px)`);
    assert.ok(Math.abs((await top('.brand')) - (await top('#show-settings'))) < 12, 'the gear beside the name');
    assert.equal(await toggle.getAttribute('aria-controls'), 'main-nav');
    assert.equal(await expanded(), 'false');
    assert.equal(await page.locator('#show-games').isVisible(), false);
    await noSideScroll(page, 'the bar on a phone');
    await shot(page, 'phone-menu-closed');

    // Touch: open, the focus on the first screen, choose one.
    await toggle.tap();
    assert.equal(await expanded(), 'true');
    await focused(page, '#show-new-game');
    for (const id of ['show-new-game', 'show-learn', 'show-puzzles', 'show-games', 'show-editor', 'show-tournaments', 'show-rules']) {
      assert.ok(await page.locator(`#${id}`).isVisible(), `${id} in the menu`);
    }
    assert.equal(await page.locator('#show-new-game').getAttribute('aria-current'), 'page');
    await noSideScroll(page, 'the open menu');
    await shot(page, 'phone-menu-open');
    await page.locator('#show-games').tap();
    await page.locator('#games-title').waitFor();
    assert.equal(await expanded(), 'false');
    assert.equal(await page.locator('#show-games').isVisible(), false, 'closed after the choice');
    await focused(page, '#nav-toggle');

    // A tap beside the open menu closes it and changes nothing.
    await toggle.tap();
    await page.locator('#show-learn').waitFor();
    await page.locator('.nav-backdrop').tap({ position: { x: 200, y: 700 } });
    await page.locator('#show-learn').waitFor({ state: 'hidden' });
    assert.equal(await expanded(), 'false');
    assert.ok(await page.locator('#games-title').isVisible(), 'still the Games screen');

    // Keyboard: Enter opens, Tab walks the screens, Escape closes and
    // gives the focus back to the button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await focused(page, '#show-new-game');
    await page.keyboard.press('Tab');
    await focused(page, '#show-learn');
    await page.keyboard.press('Escape');
    await focused(page, '#nav-toggle');
    assert.equal(await expanded(), 'false');
    assert.equal(await page.locator('#show-learn').isVisible(), false);
    // Enter on a screen chooses it.
    await page.keyboard.press('Enter');
    await focused(page, '#show-new-game');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('#learn-title').waitFor();
    assert.equal(await expanded(), 'false');
    // Tabbing out of the bar closes the menu: past the last screen and
    // the gear, into the page.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await focused(page, '#show-new-game');
    for (let i = 0; i < 16 && (await expanded()) === 'true'; i++) await page.keyboard.press('Tab');
    assert.equal(await expanded(), 'false', 'closed once the focus left it');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.nav-area')), null);
    // A wide screen has no menu: the screens are in the bar.
    await page.setViewportSize({ width: 1200, height: 800 });
    await toggle.waitFor({ state: 'hidden' });
    assert.ok(await page.locator('#show-games').isVisible());
    assert.ok(Math.abs((await top('#show-games')) - (await top('#show-settings'))) < 12, 'in one row');
  });
});
