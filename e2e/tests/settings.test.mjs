// Settings (the gear in the top bar): every setting changes what it should
// and survives a reload; the board themes and piece styles in light and
// dark pages, on a phone and a desktop (screenshots of checkers and of
// Tiers stacks, ultra and double ultra kings); the sounds of the game
// (heard through the Web Audio API, wrapped in the page by the test); the
// screen used by keyboard at 320 px; the embed page taking the look.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { shot } from '../harness.mjs';
import {
  checkersSquare, noSideScroll, openLink, openSettings, playCheckers, resign, startGame, still, stored, storedJson, waitForMoves,
  withApp,
} from '../app.mjs';

/**
 * The root element's classes, once it has every one of `expected` and
 * none of `absent` (the look is applied in an effect, a moment after the
 * screen changed).
 */
async function rootClasses(page, expected = [], absent = []) {
  await page
    .waitForFunction(
      ([yes, no]) => {
        const c = document.documentElement.classList;
        return yes.every((x) => c.contains(x)) && !no.some((x) => c.contains(x));
      },
      [expected, absent],
      { timeout: 10_000 },
    )
    .catch(() => {});
  return page.evaluate(() => document.documentElement.className.split(/\s+/));
}

/** A computed style of the first element matching `selector` (and a pseudo-element). */
function style(page, selector, prop, pseudo = null) {
  return page.$eval(selector, (el, [prop, pseudo]) => getComputedStyle(el, pseudo)[prop], [prop, pseudo]);
}

/**
 * Each sound of the game by its first note (wave and frequency, from
 * src/sound.rs): what the test hears.
 */
const SOUNDS = {
  'triangle 520': 'move',
  'triangle 330': 'capture',
  'triangle 440': 'multi-capture',
  'sawtooth 200': 'consume',
  'sine 523': 'crown',
  'square 150': 'illegal',
  'sine 1200': 'clock-low',
  'triangle 523': 'win',
  'triangle 392': 'loss',
  'sine 440': 'draw',
};

/**
 * Listens to the page from its next load: wraps the Web Audio API so that
 * every sound played is written down (a sound reads the audio clock once,
 * then starts its notes; its first note names it). Nothing of this is in
 * the app.
 */
async function listen(page) {
  await page.addInitScript(() => {
    const played = [];
    window.__played = played;
    const proto = BaseAudioContext.prototype;
    const clock = Object.getOwnPropertyDescriptor(proto, 'currentTime');
    Object.defineProperty(proto, 'currentTime', {
      configurable: true,
      get() {
        played.push(null);
        return clock.get.call(this);
      },
    });
    const create = proto.createOscillator;
    proto.createOscillator = function () {
      const osc = create.call(this);
      const freq = osc.frequency;
      const set = freq.setValueAtTime.bind(freq);
      freq.setValueAtTime = (hz, at) => {
        if (played.at(-1) === null) played[played.length - 1] = `${osc.type} ${hz}`;
        return set(hz, at);
      };
      return osc;
    };
  });
}

/** The sounds played so far, counted by name. */
async function sounds(page) {
  const notes = await page.evaluate(() => window.__played ?? []);
  const counts = {};
  for (const n of notes) {
    const name = SOUNDS[n] ?? `unknown (${n})`;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** Waits until sound `name` has been played `n` times. */
async function heard(page, name, n = 1) {
  const first = Object.entries(SOUNDS).filter(([, v]) => v === name).map(([k]) => k);
  await page
    .waitForFunction(([first, n]) => (window.__played ?? []).filter((x) => first.includes(x)).length >= n, [first, n], {
      timeout: 30_000,
    })
    .catch(async () => assert.fail(`sound ${name} ×${n} (heard ${JSON.stringify(await sounds(page))})`));
}

test('every setting changes what it should and survives a reload', async () => {
  await withApp({ setup: listen }, async (page) => {
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '11-15');
    await openSettings(page);
    await shot(page, 'settings-desktop-default');
    assert.deepEqual(
      (await rootClasses(page, ['theme-wood'])).sort(),
      ['anim-normal', 'coords-numbers', 'mode-dark', 'pieces-flat', 'theme-wood'],
    );
    await page.click('#theme-green');
    await rootClasses(page, ['theme-green']);
    assert.equal(await style(page, '#preview-b2', 'backgroundColor'), 'rgb(118, 150, 86)', 'green dark squares');
    await page.click('#pieces-classic');
    await rootClasses(page, ['pieces-classic']);
    assert.notEqual(await style(page, '.settings-preview .classic', 'display'), 'none');
    await page.click('#mode-light');
    await rootClasses(page, ['page-light']);
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
    await page.click('#checkers-coords-edge');
    const expected = {
      v: 1, board: 'green', pieces: 'classic', mode: 'light', sound: false, volume: 35, animation: 'fast',
      dots: false, coords: false, checkers_coords: 'edge', last_move: false, confirm: true, non_visual: false, level: 6, color: 'black',
    };
    await storedJson(page, 'tiers.preferences', (v) => isDeepStrictEqual(v, expected));

    await page.reload();
    await page.locator('#play-a1').waitFor();
    assert.deepEqual(JSON.parse(await stored(page, 'tiers.preferences')), expected);
    const look = ['theme-green', 'pieces-classic', 'mode-light', 'page-light', 'anim-fast', 'coords-edge', 'hide-dots', 'hide-coords', 'hide-last'];
    const classes = await rootClasses(page, look);
    for (const c of look) {
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
    assert.ok((await rootClasses(page, ['theme-wood'])).includes('theme-wood'));
  });
});

test('follow the system: light or dark as the device says, as it changes; reduced motion is named', async () => {
  await withApp({}, async (page) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openSettings(page);
    await page.click('#mode-system');
    assert.ok(!(await rootClasses(page, ['mode-system'], ['page-light'])).includes('page-light'), 'dark device: dark pages');
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
      await startGame(page, { opponent: 'friend' });
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
          const classes = await rootClasses(page, [`theme-${board}`, `pieces-${pieces}`], mode === 'light' ? [] : ['page-light']);
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
  await withApp({ setup: listen }, async (page, { server }) => {
    await startGame(page, { opponent: 'friend' });
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
    // Sounds off: a move is silent. On again, the next move is heard, and
    // it is the only sound since they were turned off.
    await page.getByRole('button', { name: 'Look at the board' }).click();
    await openSettings(page);
    await page.uncheck('#sound-on');
    const before = await sounds(page);
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '11-15');
    await waitForMoves(page, 1);
    await openSettings(page);
    await page.check('#sound-on');
    await page.click('#close-settings');
    await playCheckers(page, '22-18');
    const moves = (before.move ?? 0) + 1;
    await heard(page, 'move', moves);
    assert.deepEqual(await sounds(page), { ...before, move: moves }, 'no sound while sounds were off');
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
    assert.ok((await rootClasses(page, ['theme-blue'])).includes('theme-blue'));
    // On to the check boxes: Space turns the dots off.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'show-dots')) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'show-dots');
    await page.keyboard.press('Space');
    assert.ok((await rootClasses(page, ['hide-dots'])).includes('hide-dots'));
    // The default level by keyboard.
    await page.focus('#default-level');
    await page.keyboard.press('ArrowDown');
    await storedJson(page, 'tiers.preferences', (v) => v?.level === 4);
    // Nothing wider than the phone.
    await noSideScroll(page, 'settings at 320 px');
    await shot(page, 'settings-phone-320');
  });
});

test('animation off: pieces do not slide; normal: they do', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { opponent: 'friend' });
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
  await withApp({}, async (page, { server }) => {
    // Once the app has started (it writes its own record first).
    await stored(page, 'tiers.preferences');
    await page.evaluate(() =>
      localStorage.setItem('tiers.preferences', JSON.stringify({ v: 1, board: 'blue', pieces: 'classic', mode: 'light', sound: true, volume: 60, animation: 'fast', dots: true, coords: true, last_move: true, confirm: false, level: 3, color: 'red' })),
    );
    await page.setViewportSize({ width: 400, height: 520 });
    await page.goto(server.url + '/?embed=1&game=tiers&players=2');
    await page.getByRole('grid').waitFor();
    const look = ['theme-blue', 'pieces-classic', 'page-light', 'anim-fast'];
    const classes = await rootClasses(page, look);
    for (const c of look) assert.ok(classes.includes(c), c);
    await shot(page, 'settings-embed-blue-light');
  });
});
