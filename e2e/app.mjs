// Helpers that drive the Tiers app as a person would (clicks, taps, keys)
// and read what the page shows. Used by the end-to-end tests.
import assert from 'node:assert/strict';
import { launch, newPage, serve } from './harness.mjs';

/**
 * Runs `body(page, ctx)` against a fresh server and browser; closes both
 * and checks that the page had no error and made no outside request.
 * `options` go to the browser context (viewport, hasTouch, …).
 */
export async function withApp(options, body) {
  const server = await serve();
  const browser = await launch(options);
  try {
    const page = await newPage(browser.context);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await body(page, { server, browser });
    assert.deepEqual(page.problems(), [], 'no page errors');
    assert.deepEqual(browser.blocked, [], 'no outside requests');
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Starts a game from the new game screen: `game` 'checkers' or 'tiers',
 * `opponent` 'computer' or 'friend', `level` 1–8, `color` 'Red', 'Black'
 * or 'Random', and a time control `clock` ('3+2', …; none by default).
 */
export async function startGame(page, { game = 'checkers', opponent = 'computer', level = 1, color = 'Red', clock = null } = {}) {
  await page.getByRole('button', { name: /^new game$/i }).first().click();
  await page.locator(`[data-game=${game}]`).click();
  if (opponent === 'computer') {
    await page.getByRole('button', { name: 'Computer', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'Computer level' });
    // As a person with a keyboard: Home is level 1, then step up.
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 1; i < level; i++) await page.keyboard.press('ArrowRight');
    await page.getByText(new RegExp(`^Level ${level} `)).waitFor();
    const label = color === 'Random' ? 'Random' : `Play ${color}`;
    await page.getByRole('button', { name: label, exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Friend on this device' }).click();
  }
  if (clock) {
    await page.getByRole('group', { name: 'Time control' }).getByRole('button', { name: clock, exact: true }).click();
    assert.equal(await page.locator(`#clock-${clock.replace('+', '-')}`).getAttribute('aria-pressed'), 'true');
  }
  await page.locator('#start-game').click();
  if (game === 'checkers') await page.locator('.play .board').waitFor();
  else await page.locator('#formation-title').waitFor();
}

/** The DOM ids of the squares with a class (target, highlight, …) on the play board. */
export function squaresWith(page, cls, board = 'play') {
  return page.$$eval(`[id^="${board}-"].square.${cls}`, (els) => els.map((e) => e.id));
}

/** The accessible name of a square, e.g. "15 (e5), red man". */
export function squareLabel(page, sq, board = 'play') {
  return page.locator(`#${board}-${sq}`).getAttribute('aria-label');
}

/** The squares (a1 … h8) holding a piece of `color` ('red' or 'black'). */
export function piecesOf(page, color, board = 'play') {
  return page.$$eval(
    `[id^="${board}-"].square`,
    (els, color) =>
      els
        .filter((e) => (e.getAttribute('aria-label') ?? '').includes(`, ${color} `))
        .map((e) => e.id.split('-').pop()),
    color,
  );
}

/** How many moves are played (the move list, without taken-back moves). */
export function movesPlayed(page) {
  return page.locator('.move-list .move:not(.undone)').count();
}

/** The move list's texts (played moves only). */
export function moveTexts(page) {
  return page.locator('.move-list .move:not(.undone)').allInnerTexts();
}

/** The status line's text. */
export function status(page) {
  return page.locator('#status-text').innerText();
}

/** Clicks (or taps) a square of a board. */
export async function press(page, sq, { board = 'play', tap = false } = {}) {
  const el = page.locator(`#${board}-${sq}`);
  if (tap) await el.tap();
  else await el.click();
}

/**
 * Plays a legal move of the side to move by clicking: one of the pieces
 * that must capture (highlighted) or of `color`'s pieces that has a
 * target, then one of its targets, then the next landing squares of a
 * multi-jump until the move is played. `pick(n)` chooses among n options
 * (default: the first). Returns the move's text.
 */
export async function playFirstLegal(page, color, { tap = false, pick = () => 0 } = {}) {
  const before = await movesPlayed(page);
  let origins = (await squaresWith(page, 'highlight')).map((id) => id.split('-').pop());
  if (origins.length === 0) origins = await piecesOf(page, color);
  const first = pick(origins.length);
  origins = [...origins.slice(first), ...origins.slice(0, first)];
  for (const from of origins) {
    await press(page, from, { tap });
    let targets = await squaresWith(page, 'target');
    for (let step = 0; targets.length > 0 && step < 16; step++) {
      await press(page, targets[pick(targets.length)].split('-').pop(), { tap });
      if ((await movesPlayed(page)) > before) {
        const texts = await moveTexts(page);
        return texts[texts.length - 1];
      }
      targets = await squaresWith(page, 'target');
    }
  }
  throw new Error(`no legal move found for ${color} (status: ${await status(page)})`);
}

/** A small seeded random number generator: `pick(n)` gives 0 … n-1. */
export function seeded(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s % n;
  };
}

/** Waits until it is the person's turn or the game is over; returns which. */
export async function waitForTurn(page, timeout = 30_000) {
  const mine = page.locator('#status-text', { hasText: 'your turn' });
  const over = page.getByRole('dialog');
  await mine.or(over).first().waitFor({ timeout });
  return (await over.count()) > 0 ? 'over' : 'mine';
}

/** Drags with the mouse from the centre of one square of a board to another. */
export async function drag(page, from, to, board = 'play') {
  const a = await page.locator(`#${board}-${from}`).boundingBox();
  const b = await page.locator(`#${board}-${to}`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * Waits until nothing moves on the page (or in the frame, a playwright Frame): no finite animation or
 * transition is running (a sliding piece, a fading captured piece, a dialog
 * fading in) and no captured piece is still drawn. The endless ones (the
 * thinking spinner, the glow of pieces that must capture) do not count.
 */
export async function still(page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
      !document.querySelector('.piece.vanish'),
  );
}

/** Opens a share link or embed address (`query` without the `?`) and waits for its board. */
export async function openLink(page, server, query) {
  await page.goto(`${server.url}/?${query}`);
  await page.locator('#play-a1').waitFor();
}

/** Every square's accessible name ("e3, red man"), sorted: the position as a person hears it. */
export function boardLabels(page, board = 'play') {
  return page.$$eval(`[id^="${board}-"].square`, (els) => els.map((e) => e.getAttribute('aria-label')).sort());
}

/** The dialog's title and reason, e.g. `['Draw', 'Threefold repetition.']`. */
export async function gameOver(page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return [await dialog.getByRole('heading').innerText(), await dialog.locator('.reason').innerText()];
}

/**
 * A host page on its own origin embedding the app (at `app`) with `query`
 * in an iframe, with an optional `caption` above it; `window.events`
 * collects the app's messages, `window.send(m)` posts one to it.
 */
export function hostPage(app, query, caption = '') {
  const head = caption ? `\n<p style="margin:8px">${caption}</p>` : '';
  return `<!doctype html><html><head><title>Host</title></head>
<body style="margin:0;background:#dde;font:14px sans-serif">${head}
<iframe id="frame" src="${app}/?${query}" width="400" height="600" style="border:0"></iframe>
<script>
  window.events = [];
  addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(app)}) window.events.push(e.data);
  });
  window.send = (m) => document.getElementById('frame').contentWindow.postMessage(m, ${JSON.stringify(app)});
</script>
</body></html>`;
}

/** The board squares (a1…h8) a move's text names, in the order they are clicked. */
export function squaresOf(kind, text) {
  if (kind === 'checkers') {
    return text.split(/[-x]/).map((n) => {
      const i = Number(n) - 1;
      const row = Math.floor(i / 4);
      const file = 2 * (i % 4) + (row % 2 === 0 ? 1 : 0);
      return 'abcdefgh'[file] + (8 - row);
    });
  }
  const out = [];
  text.split(',').forEach((part, i) => {
    const names = part.split(/[-x<>]/);
    out.push(...(i === 0 ? names : names.slice(1)));
  });
  return out;
}
