// Settings (the gear in the top bar): every setting changes what it should
// and survives a reload; the board themes and piece styles in light and
// dark pages, on a phone and a desktop (screenshots of checkers and of
// Tiers stacks, ultra and double ultra kings); the sounds of the game
// (counted by the test hook `window.__tiersSounds`); the screen used by
// keyboard at 320 px; the embed page taking the look.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serve, shot } from '../harness.mjs';
import { openLink, still, withApp } from '../app.mjs';
import { checkersSquare, playCheckers, resign, startFriendGame, stored } from '../library.mjs';

/** The root element's classes. */
function rootClasses(page) {
  return page.evaluate(() => document.documentElement.className.split(/\s+/));
}

/** A computed style of the first element matching `selector` (and a pseudo-element). */
function style(page, selector, prop, pseudo = null) {
  return page.$eval(selector, (el, [prop, pseudo]) => getComputedStyle(el, pseudo)[prop], [prop, pseudo]);
}

async function openSettings(page) {
  await page.click('#show-settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
}

/** The sounds counted so far, by name. */
function sounds(page) {
  return page.evaluate(() => ({ ...(window.__tiersSounds ?? {}) }));
}

/** Waits until sound `name` has been counted `n` times. */
async function heard(page, name, n = 1) {
  await page
    .waitForFunction(([name, n]) => (window.__tiersSounds?.[name] ?? 0) >= n, [name, n], { timeout: 5000 })
    .catch(async () => assert.fail(`sound ${name} ×${n} (heard ${JSON.stringify(await sounds(page))})`));
}

test('every setting changes what it should and survives a reload', async () => {
  await withApp({}, async (page) => {
    await startFriendGame(page);
    await playCheckers(page, '11-15');
    await openSettings(page);
    await shot(page, 'settings-desktop-default');
    assert.deepEqual(
      (await rootClasses(page)).sort(),
      ['anim-normal', 'mode-dark', 'pieces-flat', 'theme-wood'],
    );
    await page.click('#theme-green');
    assert.equal(await style(page, '#preview-b2', 'backgroundColor'), 'rgb(118, 150, 86)', 'green dark squares');
    await page.click('#pieces-classic');
    assert.notEqual(await style(page, '.settings-preview .classic', 'display'), 'none');
    await page.click('#mode-light');
    assert.equal(await style(page, 'body', 'backgroundColor'), 'rgb(243, 240, 234)', 'light page');
    await page.click('#anim-fast');
    await page.fill('#volume', '35');
    await page.getByText('Volume 35%').waitFor();
    await page.uncheck('#sound-on');
    await page.uncheck('#show-dots');
    await page.uncheck('#show-coords');
    await page.uncheck('#show-last');
    await page.check('#confirm-moves');
    await page.selectOption('#default-level', '6');
    await page.click('#color-black');
    const expected = {
      v: 1, board: 'green', pieces: 'classic', mode: 'light', sound: false, volume: 35, animation: 'fast',
      dots: false, coords: false, last_move: false, confirm: true, level: 6, color: 'black',
    };
    assert.deepEqual(JSON.parse(await stored(page, 'tiers.preferences')), expected);

    await page.reload();
    await page.locator('#play-a1').waitFor();
    assert.deepEqual(JSON.parse(await stored(page, 'tiers.preferences')), expected);
    const classes = await rootClasses(page);
    for (const c of ['theme-green', 'pieces-classic', 'mode-light', 'page-light', 'anim-fast', 'hide-dots', 'hide-coords', 'hide-last']) {
      assert.ok(classes.includes(c), `${c} after the reload (${classes})`);
    }
    // On the board: no coordinates, no last-move tint, no dots.
    assert.equal(await style(page, '.play .coord', 'display'), 'none', 'coordinates hidden');
    assert.equal(await style(page, '.play .square.last', 'display', '::before'), 'none', 'last move not tinted');
    // Confirm moves: the move waits for a second tap (or the button).
    await page.click(`#play-${checkersSquare(22)}`);
    await page.click(`#play-${checkersSquare(18)}`);
    assert.equal(await page.locator('.play .moves-box .move').count(), 1, 'not played yet');
    assert.equal(await style(page, `#play-${checkersSquare(18)}.target`, 'display', '::after'), 'none', 'no dot');
    await page.locator('#confirm-move', { hasText: 'Confirm 22-18' }).waitFor();
    await shot(page, 'settings-confirm-move');
    await page.click(`#play-${checkersSquare(18)}`);
    await page.locator('.play .moves-box .move').nth(1).waitFor();
    assert.equal(await page.locator('#confirm-move').count(), 0);
    await playCheckers(page, '15x22');
    await page.locator('#confirm-move').click();
    assert.equal(await page.locator('.play .moves-box .move').count(), 3, 'the Confirm button plays');
    // No sound: they are off.
    assert.deepEqual(await sounds(page), {});
    await shot(page, 'settings-light-green-classic-play');

    // The new game screen starts from the default level and colour.
    await page.getByRole('button', { name: /^new game$/i }).first().click();
    await page.locator('[data-game=checkers]').click();
    await page.getByRole('button', { name: 'Computer', exact: true }).click();
    await page.getByText(/^Level 6 /).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Play Black', exact: true }).getAttribute('aria-pressed'), 'true');

    // Settings go back where they were opened from.
    await openSettings(page);
    await page.click('#close-settings');
    await page.getByRole('heading', { name: /new game/i }).waitFor();
  });
});

test('damaged settings are set aside with a notice', async () => {
  await withApp({}, async (page) => {
    await page.evaluate(() => localStorage.setItem('tiers.preferences', '{"v": 1, "board": '));
    await page.reload();
    await page.getByText(/Your settings record could not be read .*it was set aside/).waitFor();
    assert.equal(await stored(page, 'tiers.set-aside.preferences'), '{"v": 1, "board": ');
    assert.ok((await rootClasses(page)).includes('theme-wood'));
  });
});

test('follow the system: light or dark as the device says, as it changes; reduced motion is named', async () => {
  await withApp({}, async (page) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openSettings(page);
    await page.click('#mode-system');
    assert.ok(!(await rootClasses(page)).includes('page-light'), 'dark device: dark pages');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.classList.contains('page-light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('page-light'));
    assert.equal(await page.locator('#reduced-motion').count(), 0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click('#close-settings');
    await openSettings(page);
    await page.locator('#reduced-motion').waitFor();
  });
});

const THEMES = ['wood', 'green', 'blue', 'contrast'];
const TIERS = '7m/2t1u[k]3/8/8/8/4M3/3D4/M7 r 0 20';

test('every theme in light and dark, flat and classic, on a phone and a desktop', async () => {
  for (const [device, viewport] of [['desktop', { width: 1200, height: 900 }], ['phone', { width: 360, height: 740 }]]) {
    await withApp({ viewport, hasTouch: device === 'phone' }, async (page, { server }) => {
      await startFriendGame(page);
      // A position with a capture to make (11-15 22-18): the man on 15 picked up shows its target.
      await playCheckers(page, '11-15');
      await playCheckers(page, '22-18');
      await still(page);
      for (const board of THEMES) {
        for (const mode of ['light', 'dark']) {
          const pieces = (mode === 'light') === (board === 'wood' || board === 'blue') ? 'classic' : 'flat';
          const prefs = { v: 1, board, pieces, mode, sound: true, volume: 60, animation: 'normal', dots: true, coords: true, last_move: true, confirm: false, level: 3, color: 'red' };
          await page.evaluate((p) => localStorage.setItem('tiers.preferences', JSON.stringify(p)), prefs);
          await page.reload();
          await page.locator('#play-a1').waitFor();
          await press15(page);
          await still(page);
          const classes = await rootClasses(page);
          assert.ok(classes.includes(`theme-${board}`) && classes.includes(`pieces-${pieces}`));
          assert.equal(classes.includes('page-light'), mode === 'light');
          await shot(page, `theme-${device}-${board}-${mode}-checkers`);
          await openSettings(page);
          await shot(page, `theme-${device}-${board}-${mode}-settings`);
          await page.click('#close-settings');
        }
      }
      // A Tiers game with stacks: a double ultra king, a loaded ultra king, a triple king.
      await openLink(page, server, `game=tiers&players=2&tfen=${encodeURIComponent(TIERS)}`);
      for (const board of THEMES) {
        for (const mode of ['light', 'dark']) {
          const pieces = (mode === 'dark') === (board === 'wood' || board === 'blue') ? 'classic' : 'flat';
          const prefs = { v: 1, board, pieces, mode, sound: true, volume: 60, animation: 'normal', dots: true, coords: true, last_move: true, confirm: false, level: 3, color: 'red' };
          await page.evaluate((p) => localStorage.setItem('tiers.preferences', JSON.stringify(p)), prefs);
          await page.reload();
          await page.locator('#play-d2').click();
          await page.locator('.play .square.target').first().waitFor();
          await shot(page, `theme-${device}-${board}-${mode}-tiers`);
        }
      }
    });
  }
});

/** Picks up the man on 15 (its targets show). */
async function press15(page) {
  await page.click(`#play-${checkersSquare(15)}`);
  await page.locator('.play .square.target').first().waitFor();
}

test('the game sounds: move, captures, consume, crowning, refused move, the end', async () => {
  await withApp({}, async (page, { server }) => {
    await startFriendGame(page);
    // A refused move: a man two squares forward.
    await page.click(`#play-${checkersSquare(11)}`);
    await page.click(`#play-${checkersSquare(18)}`);
    await heard(page, 'illegal');
    await playCheckers(page, '11-15');
    await heard(page, 'move');
    await playCheckers(page, '22-18');
    await heard(page, 'move', 2);
    await playCheckers(page, '15x22');
    await heard(page, 'capture');
    // A draw agreed.
    await page.click('#offer-draw');
    await page.click('#accept-draw');
    await heard(page, 'draw');

    // A double jump that takes Black's last pieces: a win.
    await openLink(page, server, 'game=checkers&players=2&fen=W:W25:B22,15');
    await playCheckers(page, '25x18x11');
    await heard(page, 'multi-capture');
    await heard(page, 'win');
    // Crowning.
    await openLink(page, server, 'game=checkers&players=2&fen=W:W6:B12');
    await playCheckers(page, '6-1');
    await heard(page, 'crown');
    // An ultra king consumes.
    await openLink(page, server, `game=tiers&players=2&tfen=${encodeURIComponent('7m/8/8/4m3/3U4/8/8/8 r 0 1')}`);
    await page.click('#play-d4');
    await page.click('#play-e5');
    await heard(page, 'consume');
    // Against the computer, resigning loses.
    await openLink(page, server, 'game=checkers&ai=1&color=red');
    await resign(page);
    await heard(page, 'loss');
    await shot(page, 'settings-sounds-loss');
    // Sounds off: nothing more.
    await page.getByRole('button', { name: 'Look at the board' }).click();
    await openSettings(page);
    await page.uncheck('#sound-on');
    const before = await sounds(page);
    await startFriendGame(page);
    await playCheckers(page, '11-15');
    await page.locator('.play .moves-box .move').first().waitFor();
    await page.waitForTimeout(300);
    assert.deepEqual(await sounds(page), before, 'no sound when sounds are off');
  });
});

test('the settings screen by keyboard at 320 px', async () => {
  await withApp({ viewport: { width: 320, height: 700 } }, async (page) => {
    // Tab to the gear and open it with Enter.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'show-settings')) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'show-settings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    // Tab to the blue theme: its focus is visible; Space picks it.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'theme-blue')) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'theme-blue');
    assert.notEqual(await style(page, '#theme-blue', 'outlineStyle'), 'none', 'visible focus');
    await shot(page, 'settings-keyboard-320');
    await page.keyboard.press('Space');
    assert.ok((await rootClasses(page)).includes('theme-blue'));
    // On to the check boxes: Space turns the dots off.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'show-dots')) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'show-dots');
    await page.keyboard.press('Space');
    assert.ok((await rootClasses(page)).includes('hide-dots'));
    // The default level by keyboard.
    await page.focus('#default-level');
    await page.keyboard.press('ArrowDown');
    assert.equal(JSON.parse(await stored(page, 'tiers.preferences')).level, 4);
    // Nothing wider than the phone.
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 320),
      'no horizontal scrolling at 320 px',
    );
    await shot(page, 'settings-phone-320');
  });
});

test('animation off: pieces do not slide; normal: they do', async () => {
  await withApp({}, async (page) => {
    await startFriendGame(page);
    const slides = () =>
      page.evaluate(() => document.getAnimations().filter((a) => a.effect?.target?.closest?.('.piece')).length);
    await playCheckers(page, '11-15');
    assert.ok((await slides()) > 0, 'the man slides');
    await still(page);
    await page.evaluate(() =>
      localStorage.setItem('tiers.preferences', JSON.stringify({ v: 1, board: 'wood', pieces: 'flat', mode: 'dark', sound: true, volume: 60, animation: 'off', dots: true, coords: true, last_move: true, confirm: false, level: 3, color: 'red' })),
    );
    await page.reload();
    await page.locator('#play-a1').waitFor();
    await playCheckers(page, '22-18');
    assert.equal(await slides(), 0, 'nothing slides with animation off');
  });
});

test('the embed page takes the look', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    await page.goto(server.url + '/');
    // Once the app has started (it writes its own record first).
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await page.evaluate(() =>
      localStorage.setItem('tiers.preferences', JSON.stringify({ v: 1, board: 'blue', pieces: 'classic', mode: 'light', sound: true, volume: 60, animation: 'fast', dots: true, coords: true, last_move: true, confirm: false, level: 3, color: 'red' })),
    );
    await page.setViewportSize({ width: 400, height: 520 });
    await page.goto(server.url + '/?embed=1&game=tiers&players=2');
    await page.getByRole('grid').waitFor();
    const classes = await rootClasses(page);
    for (const c of ['theme-blue', 'pieces-classic', 'page-light', 'anim-fast']) assert.ok(classes.includes(c), c);
    await shot(page, 'settings-embed-blue-light');
    assert.deepEqual(page.problems(), []);
    assert.deepEqual(browser.blocked, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
