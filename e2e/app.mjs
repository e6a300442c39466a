// Helpers that drive the Tiers app as a person would (clicks, taps, keys)
// and read what the page shows: the one helper module of the end-to-end
// tests (harness.mjs is the plumbing below it: server, browser, shots).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DIST, launch, newPage, readUntil, serve } from './harness.mjs';

/** A phone: 360×740, touch, a dense screen (tests change the size where it matters). */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/**
 * Runs `body(page, ctx)` against a fresh server and browser, then checks
 * that no page opened had an error and that no browser asked anything
 * outside, and closes everything.
 *
 * `options` go to the browser context (viewport, hasTouch, …), except:
 * - `open` (default true): open the app at `/` and wait for the new game
 *   screen; with false, `page` is blank and the body goes where it needs;
 * - `setup(page)`: runs before the page is opened (init scripts);
 * - `dir`, `extra`: what the server serves (default the build; test-only
 *   pages, see harness.mjs `serve`);
 * - `args`: more Chromium command-line switches for every browser of the
 *   test (live play needs WebRTC on this machine's own addresses);
 * - `engine`: 'chromium', 'firefox' or 'webkit' (harness.mjs `launch`;
 *   default `TIERS_ENGINE` or 'chromium', so that any test can be tried in
 *   another engine: `TIERS_ENGINE=webkit node --test tests/undo.test.mjs`);
 *   every page and browser of the test is of that engine.
 *
 * `ctx` holds `server`, `browser` and `engine`, and makes more of what a test may
 * need, all checked and closed at the end like the first ones: `page()`
 * another page (tab) of this browser, `device(options)` another browser
 * (another person's device: its own storage) with a page,
 * `serve(options)` another server (another site).
 */
export async function withApp(options, body) {
  const { open = true, setup, dir, extra, engine = process.env.TIERS_ENGINE ?? 'chromium', args = [], ...context } = options;
  const servers = [];
  const browsers = [];
  const pages = [];
  const ctx = {
    engine,
    async serve(opts = {}) {
      const s = await serve(opts.dir, opts);
      servers.push(s);
      return s;
    },
    async page(browser = ctx.browser) {
      const p = await newPage(browser.context);
      pages.push(p);
      return p;
    },
    async device(opts = {}) {
      const { args: more = args, ...rest } = opts;
      const b = await launch(rest, { engine, args: more });
      browsers.push(b);
      return { browser: b, page: await ctx.page(b) };
    },
  };
  try {
    ctx.server = await ctx.serve({ dir, extra });
    ctx.browser = (await ctx.device(context)).browser;
    const page = pages[0];
    if (setup) await setup(page);
    if (open) {
      await page.goto(ctx.server.url + '/');
      await page.getByRole('heading', { name: /new game/i }).waitFor();
    }
    await body(page, ctx);
    for (const [i, p] of pages.entries()) assert.deepEqual(await p.problems(), [], `no page errors (page ${i + 1})`);
    for (const b of browsers) assert.deepEqual(b.blocked, [], 'no outside requests');
  } finally {
    for (const b of browsers) await b.close();
    for (const s of servers) await s.close();
  }
}

/**
 * Serves the app and, on another origin, a host page (`/host.html`)
 * embedding it with the parameters `query(hostUrl)` (the host's address is
 * known once it listens), and runs `body(page, { host, app, … })`
 * through {@link withApp} (the body opens `host.url + '/host.html'`).
 */
export async function withHost(query, body, options = { viewport: { width: 600, height: 720 } }) {
  await withApp({ ...options, open: false }, async (page, ctx) => {
    const pages = { '/host.html': { body: '' } };
    const host = await ctx.serve({ extra: pages });
    pages['/host.html'].body = hostPage(ctx.server.url, query(host.url), 'A site that embeds Tiers');
    await body(page, { ...ctx, host, app: ctx.server });
  });
}

/**
 * Chooses the main navigation's item `#id` (`show-new-game`, `show-games`,
 * `show-tournaments`, …) as a person would: on a phone the screens are in
 * the menu, which is opened first (`tap`: by touch).
 */
export async function openNav(page, id, { tap = false } = {}) {
  const press = (locator) => (tap ? locator.tap() : locator.click());
  const item = page.locator(`#${id}`);
  const toggle = page.locator('#nav-toggle');
  // The app may still be starting (after a reload): wait until its menu is there.
  await toggle.waitFor({ state: 'attached' });
  if (!(await item.isVisible()) && (await toggle.isVisible())) {
    await press(toggle);
    await item.waitFor();
  }
  await press(item);
}

/**
 * Starts a game from the new game screen: `game` 'checkers' or 'tiers',
 * `opponent` 'computer' or 'friend', `level` 1–8, `color` 'Red', 'Black'
 * or 'Random', and a time control `clock` ('3+2', …; none by default).
 */
export async function startGame(page, { game = 'checkers', opponent = 'computer', level = 1, color = 'Red', clock = null } = {}) {
  await openNav(page, 'show-new-game');
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

/**
 * Red to move with two men against one: 25-21 wins, 22-18 gives a man
 * away (Black must take it, 14x23) and only draws. A blunder at the
 * review's budget, whatever the machine's speed.
 */
export const PRACTICE_FEN = 'W:W22,25:B14';

/**
 * From the board editor, by keyboard: sets up PRACTICE_FEN, practises it
 * as Red against the computer at level 1, plays the blunder 22-18, waits
 * for the computer's forced reply and asks "How was my move?"; returns
 * once the verdict is shown (in any language).
 */
export async function practiseWithVerdict(page) {
  await openNav(page, 'show-editor');
  await page.fill('#editor-fen', PRACTICE_FEN);
  await page.press('#editor-fen', 'Enter');
  await page.locator('#editor-play').waitFor();
  await page.focus('#editor-play-level');
  await page.keyboard.press('Home');
  await page.focus('#editor-play-red');
  await page.keyboard.press('Enter');
  await page.locator('.play .board').waitFor();
  await playCheckers(page, '22-18');
  await waitForMoves(page, 2);
  await page.focus('#judge');
  await page.keyboard.press('Enter');
  await page.locator('#verdict-text.marked').waitFor({ timeout: 120_000 });
}

/** On the formation screen of a Tiers game for two: both take the formation shown, and the game begins. */
export async function readyFormations(page) {
  await page.click('#formation-ready');
  await page.click('#formation-ready');
  await page.click('#begin-tiers');
  await page.locator('.play .board').waitFor();
}

/**
 * Resigns the game in progress. The button asks for a second click within
 * a few seconds; on a busy machine the first may have expired before the
 * test sees "Sure?" (WebKitGTK once), so it is pressed until the game is
 * over (the button disabled), by the element's click(): a press after the
 * game has ended does nothing, where a pointer's click would wait for the
 * button to be enabled again.
 */
export async function resign(page) {
  const button = page.locator('#resign');
  await button.click();
  await readUntil(
    async () => {
      if (await button.isDisabled()) return true;
      await button.evaluate((b) => b.click());
      return false;
    },
    Boolean,
    'the game to be resigned',
    30_000,
  );
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

/** The moves of the play screen's move list; taken-back ones are `.undone`. */
const MOVES = '.play .move-list .move';
const movesSelector = (all) => (all ? MOVES : `${MOVES}:not(.undone)`);

/** How many moves are played (the play screen's move list, without taken-back moves). */
export function movesPlayed(page) {
  return page.locator(movesSelector(false)).count();
}

/** The texts of the moves played (with `all`, also the taken-back ones the list still shows). */
export function moveTexts(page, { all = false } = {}) {
  return page.locator(movesSelector(all)).allInnerTexts();
}

/** Waits until the move list has `n` moves played (with `all`, counting taken-back ones). */
export async function waitForMoves(page, n, { all = false } = {}) {
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [movesSelector(all), n]);
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
  await page.waitForFunction(quiet);
}

/** In a page: whether nothing moves (see {@link still}). */
function quiet() {
  return (
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
    !document.querySelector('.piece.vanish')
  );
}

/** {@link still} for the page in a frame of another origin (a `page.frameLocator`, in every engine). */
export function stillIn(frame) {
  return readUntil(() => frame.locator('html').evaluate(quiet), Boolean, 'nothing to move in the frame');
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

/** Waits for the host page's next event of `type` after its first `from` events (see {@link hostPage}), returns it. */
export async function nextEvent(page, type, from = 0, timeout = 30_000) {
  const handle = await page.waitForFunction(
    ([t, f]) => window.events.slice(f).find((e) => e && e.type === t),
    [type, from],
    { timeout },
  );
  return handle.jsonValue();
}

/** How many events the host page has had from the app. */
export function hostEvents(page) {
  return page.evaluate(() => window.events.length);
}

/**
 * In the host page of {@link hostPage}: the host sends `setPosition` (Red
 * to move takes Black's last man, 18x9), the app reports it, and the
 * person in the frame plays 18x9 by clicks. Returns how many events the
 * host had before the command (for `nextEvent` of what follows).
 */
export async function lastManTakenInFrame(page, frame) {
  const n = await hostEvents(page);
  await page.evaluate(() => window.send({ tiers: 1, type: 'setPosition', fen: 'W:W18:B14' }));
  const set = await nextEvent(page, 'position', n);
  assert.deepEqual([set.reason, set.position, set.sideToMove], ['setPosition', 'W:W18:B14', 'red']);
  await frame.locator('#embed-d4').click();
  await frame.locator('#embed-b6').click();
  return n;
}

/** Opens the Settings screen (the gear in the top bar). */
export async function openSettings(page) {
  await page.click('#show-settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
}

/** The board square (a1…h8) of a checkers square number 1–32. */
export function checkersSquare(n) {
  const row = Math.floor((n - 1) / 4); // 0 = rank 8
  const file = 2 * ((n - 1) % 4) + (row % 2 === 0 ? 1 : 0);
  return 'abcdefgh'[file] + (8 - row);
}

/** The board squares (a1…h8) a move's text names, in the order they are clicked. */
export function squaresOf(kind, text) {
  if (kind === 'checkers') return text.split(/[-x]/).map((n) => checkersSquare(Number(n)));
  const out = [];
  text.split(',').forEach((part, i) => {
    const names = part.split(/[-x<>]/);
    out.push(...(i === 0 ? names : names.slice(1)));
  });
  return out;
}

/** Clicks the squares of a checkers move such as `11-15` or `15x24x31` on a board. */
export async function playCheckers(page, move, board = 'play') {
  for (const sq of squaresOf('checkers', move)) await page.click(`#${board}-${sq}`);
}

/** Clicks the squares of a Tiers step or jump such as `e3-e4` on a board. */
export async function playTiers(page, move, board = 'play') {
  for (const sq of move.split(/[-x]/)) await page.click(`#${board}-${sq}`);
}

/**
 * What `read()` gives once it equals `want` (deeply; a regular expression:
 * once it matches). The screen shows an action's result in the render
 * after it, which on a busy machine can come after the test's next read
 * (Yew's scheduler yields to the browser during long updates): a check
 * right after an action waits for it instead of reading once.
 */
export function eventually(read, want, timeout) {
  const ready = want instanceof RegExp ? (v) => want.test(v) : (v) => isDeepStrictEqual(v, want);
  return readUntil(read, ready, `a read giving ${want instanceof RegExp ? want : JSON.stringify(want)}`, timeout);
}

/**
 * The text the app keeps under `key` in localStorage, once `ready(text)`
 * holds (by default: once there is one). The app writes its records in an
 * effect after the screen shows a change, which can come a moment later
 * on a busy machine: this waits for it (up to `timeout` ms) instead of
 * reading too soon.
 */
export function stored(page, key, ready = (text) => text !== null, timeout = 10_000) {
  const read = () => page.evaluate((k) => localStorage.getItem(k), key);
  return readUntil(read, ready, `localStorage ${key} to be as expected`, timeout);
}

/** The value the app keeps under `key` (as {@link stored}, read as JSON), once `ready(value)` holds. */
export async function storedJson(page, key, ready = (value) => value != null) {
  const parse = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  return parse(await stored(page, key, (text) => ready(parse(text))));
}

/**
 * Waits until the focus is on the element matching `selector` (or inside
 * it): the app moves the focus in an effect, which can run a moment after
 * the screen changed.
 */
export async function focused(page, selector) {
  await page.waitForFunction((s) => document.activeElement?.closest(s) != null, selector);
}

/** Asserts that the page does not scroll sideways. */
export async function noSideScroll(page, what) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${what}: page is ${scroll}px wide in a ${client}px screen`);
}

/**
 * Plays a move given as text (`11-15`, `e3xe5xc7`) on a board by entering
 * its squares with `input(square)` (a click, a tap, the keyboard),
 * finishing a double ultra king's single action if the board waits for a
 * second one.
 */
export async function playMoveBy(page, kind, text, input) {
  const squares = squaresOf(kind, text);
  for (const sq of squares) await input(sq);
  if (await page.locator('#finish-move').count()) await input(squares.at(-1));
}

/**
 * The exercises of a course file of the build (`data/courses/<kind>.txt`,
 * or `data/courses/<lang>/<kind>.txt` in another language), in order:
 * `[{ title, exercises: [{ steps: [{ goal, solution, reply }] }] }]`.
 */
export function courseFile(kind, lang = 'en') {
  const lessons = [];
  const file = lang === 'en' ? join(DIST, 'data', 'courses', `${kind}.txt`) : join(DIST, 'data', 'courses', lang, `${kind}.txt`);
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    const [key, ...rest] = line.split(' ');
    const value = rest.join(' ');
    if (key === 'lesson') lessons.push({ title: value.split(':').slice(1).join(':').trim(), exercises: [] });
    else if (key === 'exercise') lessons.at(-1).exercises.push({ steps: [] });
    else if (key === 'play') {
      const [goal, solution] = value.split(/:(.*)/s);
      lessons.at(-1).exercises.at(-1).steps.push({ goal: goal.trim(), solution: solution.split('|')[0].trim() });
    } else if (key === 'reply') lessons.at(-1).exercises.at(-1).steps.at(-1).reply = value;
  }
  return lessons;
}

/** The stars of the exercise just finished, e.g. "3 of 3 stars". */
export function lessonStars(page) {
  return page.locator('#lesson-result .stars').getAttribute('aria-label');
}

/** A catalogue message as a pattern: its words literal, `{name}` any text (or `args[name]`). */
function pattern(text, args = {}) {
  return text
    .split(/(\{\w+\})/)
    .map((p) => (/^\{\w+\}$/.test(p) ? (args[p.slice(1, -1)] ?? '(.+?)') : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
}

/**
 * The page's words a lesson is followed by, in `lang`: the side names,
 * "{side} played {mv}." and "Hint: play {mv}." as patterns.
 */
function lessonWords(lang) {
  const sides = `(?:${say(lang, 'side.red')}|${say(lang, 'side.black')})`;
  return {
    sides: [say(lang, 'side.red'), say(lang, 'side.black')],
    played: new RegExp(`^${pattern(say(lang, 'announce.played'), { side: sides }).replace(/\(\.\+\?\)\\\.$/, '')}`),
    hint: new RegExp(`^${pattern(say(lang, 'learn.hint-move'))}$`),
  };
}

/** Waits until the lesson's opponent has answered (the last announcement is its move, not `me`'s). */
async function answered(page, me, words) {
  await page.waitForFunction(
    ([me, played]) => new RegExp(played).test(document.querySelector('#announce')?.textContent ?? '') &&
      !document.querySelector('#announce').textContent.startsWith(me),
    [me, words.played.source],
    { timeout: 30_000 },
  );
}

/** The move of the lesson's second hint ("Hint: play e3xe5xc7."), after asking for both hints. */
async function hintedMove(page, press, words) {
  await press('#learn-hint');
  await press('#learn-hint');
  const note = await page.locator('#lesson-note').innerText();
  const m = note.match(words.hint);
  assert.ok(m, note);
  return m[1];
}

/**
 * Solves the exercise on screen (one of {@link courseFile}'s): its steps,
 * waiting for each reply; a "win in N" is won with hints after its first
 * move. `input(square)` enters a square, `press(selector)` a button; the
 * page speaks `lang`. Returns the stars shown.
 */
export async function solveExercise(page, kind, ex, input, press, lang = 'en') {
  const words = lessonWords(lang);
  for (const step of ex.steps) {
    if (step.goal === 'formation') {
      for (const sq of step.solution.split(/\s+/)) await input(sq);
      continue;
    }
    const status = await page.locator('#status-text').innerText();
    const me = words.sides.find((s) => status.includes(s));
    await playMoveBy(page, kind, step.solution, input);
    if (step.goal.startsWith('win in')) {
      while ((await page.locator('#lesson-result').count()) === 0) {
        await answered(page, me, words);
        await playMoveBy(page, kind, await hintedMove(page, press, words), input);
      }
    } else if (step.reply) {
      await answered(page, me, words);
      const said = await page.locator('#announce').innerText();
      assert.match(said, new RegExp(step.reply.replace(/[-x]/g, '.')));
    }
  }
  await page.locator('#lesson-result').waitFor();
  return lessonStars(page);
}

/** The text of a puzzle file of the build. */
export function puzzleText(kind) {
  return readFileSync(join(DIST, 'puzzles', `${kind}.txt`), 'utf8');
}

/** The puzzles of a file (by default the build's) by id: `{ position, solution: [moves], rating, themes: [names] }`. */
export function puzzleFile(kind, text = puzzleText(kind)) {
  const out = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [id, position, solution, rating, themes = ''] = line.split('|').map((f) => f.trim());
    out.set(id, { position, solution: solution.split(/\s+/), rating: Number(rating), themes: themes.split(',').map((t) => t.trim()).filter(Boolean) });
  }
  return out;
}

/**
 * The messages of a catalogue file, by key (`key` or `key[category]`):
 * enough of docs/content-formats.md, "Message catalogues" for a test
 * (continuation lines, no escapes but \n). Null when the file is missing.
 */
export function catalogue(lang) {
  const file = join(DIST, 'i18n', `${lang}.txt`);
  if (!existsSync(file)) return null;
  const out = new Map();
  let last = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(#|$)/.test(line)) {
      last = null;
    } else if (/^\s/.test(line) && last) {
      out.set(last, `${out.get(last)} ${line.trim()}`);
    } else {
      const at = line.indexOf('=');
      last = line.slice(0, at).trim();
      out.set(last, line.slice(at + 1).trim().replace(/\\n/g, '\n'));
    }
  }
  return out;
}

/** The id of the puzzle of `kind` on the board, once there is one. */
export async function currentPuzzle(page, kind) {
  const el = page.locator(`[data-puzzle^="${kind}/"]`);
  await el.waitFor();
  const [, id] = (await el.getAttribute('data-puzzle')).split('/');
  return id;
}

/** Plays the whole solution of the puzzle on the board with `input(square)`, waiting for each reply. */
export async function solvePuzzle(page, kind, puzzle, input) {
  for (let i = 0; i < puzzle.solution.length; i += 2) {
    await playMoveBy(page, kind, puzzle.solution[i], input);
    if (i + 2 < puzzle.solution.length) {
      await page.locator(`.puzzle-board[data-step="${i + 2}"]`).waitFor({ timeout: 10_000 });
    }
  }
  await page.locator('#puzzle-result').waitFor();
}

/**
 * Makes a legal move on the puzzle's board that is not the solution's
 * first, with `input(square)`: a piece of the solver's (`color`) that can
 * go somewhere else, then targets until the move is over.
 */
export async function wrongMove(page, kind, puzzle, color, input) {
  const targets = () => page.$$eval('[id^="puzzle-"].square.target', (els) => els.map((e) => e.id.split('-').pop()));
  const [from, to] = squaresOf(kind, puzzle.solution[0]);
  for (const sq of await piecesOf(page, color, 'puzzle')) {
    await input(sq);
    const away = (await targets()).filter((t) => sq !== from || t !== to);
    if (away.length === 0) continue;
    await input(away[0]);
    // A capture that goes on: any next target until the move is over.
    for (let n = 0; n < 8; n++) {
      const next = await targets();
      if (next.length === 0) break;
      await input(next[0]);
    }
    return;
  }
  assert.fail('no wrong move found');
}

/** A message in `lang`, English when its catalogue (or the key) is missing. */
export function say(lang, key) {
  return catalogue(lang)?.get(key) ?? catalogue('en').get(key);
}

/** Chromium's flags for live play on one machine: its own addresses, without mDNS names, over loopback. */
export const WEBRTC = ['--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'];

/** From the new game screen, live play: makes the invite; its link. */
export async function inviteLive(page) {
  await page.locator('#live-start').click();
  await page.locator('#live-invite').click();
  const invite = page.locator('#live-invite-link');
  await invite.waitFor();
  return invite.inputValue();
}

/** Opens the invite `link` and joins: the answer link. */
export async function joinLive(page, link) {
  await page.goto(link);
  await page.locator('#live-join').click();
  const answer = page.locator('#live-answer-link');
  await answer.waitFor();
  return answer.inputValue();
}

/** The inviter pastes the `answer` link and connects; waits until each of `pages` shows the live game. */
export async function connectLive(inviter, answer, pages) {
  await inviter.locator('#live-answer').fill(answer);
  await inviter.locator('#live-connect').click();
  for (const page of pages) {
    try {
      await page.locator('#live-panel #live-state.live-ok').waitFor();
    } catch (e) {
      // What each side shows when the connection does not open (the
      // state line and the panel's text), for the failure's report.
      const states = await Promise.all(
        pages.map((p) =>
          p
            .evaluate(() => {
              const s = document.querySelector('#live-state');
              const panel = document.querySelector('#live-panel');
              return {
                state: s ? `${s.className}: ${s.textContent}` : 'no #live-state',
                panel: panel ? panel.innerText.slice(0, 400) : 'no #live-panel',
              };
            })
            .catch((x) => ({ unreadable: String(x) })),
        ),
      );
      e.message += `\nlive state of each page: ${JSON.stringify(states)}`;
      throw e;
    }
    await page.locator('.play .board').waitFor();
  }
}

/** From `inviter`'s new game screen, a live checkers game with `joiner` (another device), connected. */
export async function joinAndConnect(inviter, joiner) {
  await inviter.locator('[data-game=checkers]').click();
  const answer = await joinLive(joiner, await inviteLive(inviter));
  await connectLive(inviter, answer, [inviter, joiner]);
}

/** Chromium's flags for a fake camera, granted without asking (with {@link WEBRTC}'s). */
export const CAMERA = [...WEBRTC, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * In the page, before its scripts (live play's camera scanning, which
 * Chromium on Linux cannot do: e2e/tests/live-scan.test.mjs): the
 * `BarcodeDetector` double that "reads" `window.__code` from a video
 * showing the camera's frames (formats
 * `formats`), and a record of every camera stream the page opened
 * (`window.__streams`), to see that each is stopped.
 */
export function detectorDouble(formats) {
  window.__streams = [];
  window.__code = null;
  window.__frames = false;
  // (A copy of a stream has tracks of its own, to be stopped too.)
  const copy = MediaStream.prototype.clone;
  MediaStream.prototype.clone = function () {
    const s = copy.call(this);
    window.__streams.push(s);
    return s;
  };
  const gum = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (gum) {
    navigator.mediaDevices.getUserMedia = async (c) => {
      window.__constraints = JSON.stringify(c);
      const s = await gum(c);
      window.__streams.push(s);
      return s;
    };
  }
  window.BarcodeDetector = class {
    static async getSupportedFormats() {
      window.__asked = true;
      return formats;
    }
    constructor(options) {
      this.formats = options?.formats ?? [];
    }
    async detect(source) {
      // Only from a video showing the camera's frames.
      const frames = source instanceof HTMLVideoElement && source.videoWidth > 0 && source.srcObject instanceof MediaStream;
      if (frames) window.__frames = true;
      const code = window.__code;
      if (!frames || code === null) return [];
      window.__code = null;
      return [{ rawValue: code, format: 'qr_code', boundingBox: new DOMRect(10, 10, 100, 100), cornerPoints: [] }];
    }
  };
}
