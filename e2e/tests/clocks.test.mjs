// Clocks (RULES.md §3): a 1+0 game against the computer where the person
// does not move and loses on time (the clocks stop while the page is
// hidden), and a 3+2 game between two people where the clocks show, the
// increment is added and, after a reload, the running clock goes on from
// where it was (desktop and 360 px wide). The page's time is Playwright's
// fake clock, paused: it moves only when the test moves it (a minute
// passes in a moment, and nothing depends on how fast this machine is).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { gameOver, press, startGame, status, still, withApp } from '../app.mjs';

/** A clock's face as seconds: "2:57" → 177, "0:09.3" → 9.3. */
function seconds(text) {
  const [m, s] = text.trim().split(':');
  return Number(m) * 60 + Number(s);
}

/** The clock of `color` ('red' or 'black'): its text and whether it runs / is low. */
async function clock(page, color) {
  const el = page.locator(`#clock-${color}`);
  const cls = (await el.getAttribute('class')) ?? '';
  return { text: await el.innerText(), running: /\brunning\b/.test(cls), low: /\blow\b/.test(cls) };
}

/** Starts a checkers game with a time control from the new game screen. */
function startTimed(page, { opponent, control, color = 'Red', level = 3 }) {
  return startGame(page, { opponent, level, color, clock: control });
}

/** Fakes the page's clock from its first load (the test pauses it once the page is up). */
const FAKE_CLOCK = { setup: (page) => page.clock.install({ time: new Date('2026-12-01T08:00:00Z') }) };

/** Stops the page's time (two hours after it was installed): from now on it moves only when the test moves it. */
const pause = (page) => page.clock.pauseAt(new Date('2026-12-01T10:00:00Z'));

/** Moves the page's time on, a tenth of a second at a time, until `locator` shows. */
async function runUntil(page, locator, timeout = 30_000) {
  const end = Date.now() + timeout;
  while ((await locator.count()) === 0) {
    if (Date.now() > end) throw new Error(`${locator} did not show`);
    await page.clock.runFor(100);
  }
}

/** Makes the page look hidden or shown again (a background tab). */
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('1+0 against the computer: the person does not move and loses on time', async () => {
  await withApp(FAKE_CLOCK, async (page) => {
    await pause(page);
    // A custom control can be set too; then back to a preset.
    await page.locator('#clock-custom').click();
    await page.locator('#clock-minutes').fill('7');
    await page.locator('#clock-minutes').press('Tab');
    await page.locator('#clock-increment').fill('4');
    await page.locator('#clock-increment').press('Tab');
    assert.match(await page.locator('#clock-note').innerText(), /^7 minutes each, plus 4 seconds after every move\./);
    assert.equal(await page.locator('#clock-custom').getAttribute('aria-pressed'), 'true');
    await shot(page, 'clocks-new-game-custom');

    await startTimed(page, { opponent: 'computer', control: '1+0', color: 'Red', level: 3 });
    // Black (the computer) moves first, on its clock (its move is shown
    // after a short pause of the page's); then the person's runs.
    await runUntil(page, page.locator('#status-text', { hasText: 'your turn' }));
    const black = await clock(page, 'black');
    assert.ok(seconds(black.text) <= 60 && seconds(black.text) > 50, `the computer used a little time: ${black.text}`);
    assert.equal(black.running, false);
    let red = await clock(page, 'red');
    assert.equal(red.running, true);
    // (At most the last tenth of a second the page's time was moved on.)
    assert.ok(seconds(red.text) >= 59, `the computer's time is not charged to the person: ${red.text}`);
    // No take-backs with clocks.
    assert.equal(await page.locator('#undo').isDisabled(), true);

    // Hidden, the clocks stop (against the computer): 30 s away cost nothing.
    await setHidden(page, true);
    await page.clock.fastForward(30_000);
    await setHidden(page, false);
    await page.clock.runFor(500);
    red = await clock(page, 'red');
    assert.ok(seconds(red.text) >= 58, `the time away was not charged: ${red.text}`);

    // Under ten seconds: red, with tenths.
    await page.clock.fastForward(seconds(red.text) * 1000 - 5_000);
    await page.locator('#clock-red.low').waitFor();
    red = await clock(page, 'red');
    assert.match(red.text, /^0:0\d\.\d$/);
    assert.ok(red.low && red.running);
    await shot(page, 'clocks-low');

    // The flag falls: the person loses, whatever the position.
    await page.clock.fastForward(6_000);
    assert.deepEqual(await gameOver(page), ['You lost', 'Red ran out of time.']);
    const dialog = page.getByRole('dialog');
    assert.equal(await dialog.getByRole('button', { name: 'Take back' }).count(), 0);
    await still(page);
    await shot(page, 'clocks-flag');
    assert.equal(await page.locator('#clock-red').innerText(), '0:00.0');
    await dialog.getByRole('button', { name: 'Look at the board' }).click();
    assert.match(await status(page), /^Black wins: Red ran out of time\.$/);
    // The archive has it, with its reason.
    await page.locator('#show-games').click();
    await page.getByText('Red ran out of time').first().waitFor();
  });
});

test('3+2 between two people: the increment is added and a reload goes on', async () => {
  await withApp(FAKE_CLOCK, async (page) => {
    await pause(page);
    // No clock is the default.
    await page.getByRole('button', { name: /^new game$/i }).first().click();
    assert.equal(await page.locator('#clock-none').getAttribute('aria-pressed'), 'true');
    assert.match(await page.locator('#clock-note').innerText(), /^No clock/);
    await startTimed(page, { opponent: 'friend', control: '3+2' });
    assert.match(await status(page), /^Black to move\.$/);
    let black = await clock(page, 'black');
    let red = await clock(page, 'red');
    assert.ok(black.running && !red.running);
    assert.equal(red.text, '3:00');
    // Black thinks three seconds (the clock reads 2:57), then plays 11-15
    // (f6-e5): two seconds are added.
    await page.clock.runFor(3_000);
    await page.locator('#clock-black', { hasText: '2:57' }).waitFor();
    await press(page, 'f6');
    await press(page, 'e5');
    black = await clock(page, 'black');
    assert.equal(black.text, '2:59', 'the increment was added');
    assert.equal(black.running, false);
    red = await clock(page, 'red');
    assert.equal(red.running, true);
    // Red plays 22-18 (c3-d4) at once.
    await press(page, 'c3');
    await press(page, 'd4');
    red = await clock(page, 'red');
    assert.equal(red.text, '3:02', "Red's increment");
    await shot(page, 'clocks-3-2-desktop');

    // Reload, five seconds later: the game and its clocks come back;
    // Black's clock went on running while the page was away (two people:
    // no pause).
    assert.equal((await clock(page, 'black')).text, '2:59');
    await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 5_000);
    await page.reload();
    await page.locator('.play .board').waitFor();
    await page.locator('#clock-black.running').waitFor();
    // (The clocks' first tick, due at once, runs: no time passes.)
    await page.clock.runFor(0);
    await page.locator('#clock-black', { hasText: '2:54' }).waitFor();
    assert.equal((await clock(page, 'red')).text, '3:02');
    assert.match(await status(page), /^Black to move\./);

    // On a phone, 360 px wide.
    await page.setViewportSize({ width: 360, height: 780 });
    await shot(page, 'clocks-3-2-phone');
    const strip = await page.locator('#clock-black').boundingBox();
    assert.ok(strip.x + strip.width <= 360, 'the clock fits on the phone');
  });
});

test('a tournament with a 3+2 clock: the match board shows the clocks', async () => {
  await withApp({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await page.click('#show-tournaments');
    await page.click('#new-tournament');
    await page.fill('#t-name', 'Blitz night');
    await page.locator('#t-clock').selectOption('3+2');
    await page.fill('#entrant-0-0', 'Ann');
    await page.fill('#entrant-0-1', 'Bob');
    await page.click('#create-tournament');
    await page.locator('#bracket svg').waitFor();
    await page.locator('#ready-1').getByRole('button', { name: 'Play on the board' }).click();
    await page.locator('#t-match-title').waitFor();
    // After the ballot's three moves, Red (Bob) is to move on a full clock.
    await page.locator('#clock-red.running').waitFor();
    assert.equal((await clock(page, 'black')).text, '3:00');
    assert.equal((await clock(page, 'red')).running, true);
    await shot(page, 'clocks-tournament');
  });
});
