// Learn from your mistakes, as a person uses it: a checkers game between
// two players with a man given away on purpose (Red's 19-16), resigned and
// reviewed from the game-over dialog; the exercise made of it answered with
// the game's own move (refused at once), a move the engine refuses
// (searched at the review's budget: the same verdict on every device,
// tests/mistakes.rs checks the same answers natively), then one it accepts;
// "Show me" and its line; the summary; the progress after a reload, and a
// damaged copy set aside with a notice and the game kept. On a phone in
// the light page: the computer's own move found at the first try, by taps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, eventually, focused, noSideScroll, openNav, openSettings, piecesOf, playCheckers, resign, squaresOf, startGame, still, storedJson, withApp,
} from '../app.mjs';

/** The game: Red's 19-16 gives a man away for nothing (as in review.test.mjs). */
const MOVES = ['11-15', '23-19', '9-14', '19-16', '12x19'];
/** Answers whose verdicts tests/mistakes.rs pins at the review's budget. */
const WRONG = '22-18';
const GOOD = '24-20';

/** Plays the game between two players, resigns (Red, to move) and reviews it. */
async function reviewed(page, { tap = false } = {}) {
  await startGame(page, { opponent: 'friend' });
  for (const mv of MOVES) await playCheckers(page, mv);
  await resign(page);
  await page.getByRole('dialog').waitFor();
  const review = page.locator('#review-game');
  if (tap) await review.tap();
  else await review.click();
  await page.locator('#review-counts').waitFor({ timeout: 120_000 });
}

/** After a reload: the finished game is on the play screen again, its dialog closed. */
async function reloaded(page) {
  await page.reload();
  await page.locator('.play .board').waitFor();
  const look = page.getByRole('button', { name: 'Look at the board' });
  if (await look.count()) await look.click();
}

const note = (page) => page.locator('#drill-note').innerText();

/** Where Red's men are on the exercise's board. */
const redMen = async (page) => (await piecesOf(page, 'red', 'drill')).sort();

test('a mistake replayed: the move of the game, a refused move, a good one, show me, the summary, kept', { timeout: 240_000 }, async () => {
  await withApp({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await reviewed(page);
    assert.equal(await page.locator('#drill-entry-count').innerText(), '1 exercise made from your mistakes and blunders.');
    // Opened by keyboard: the focus goes to the exercise's title.
    await page.focus('#drill-open');
    await page.keyboard.press('Enter');
    await focused(page, '#drill-title');
    assert.equal(await page.locator('#drill-count').innerText(), 'Exercise 1 of 1');
    assert.equal(await page.locator('#drill-task').innerText(), 'In the game, Red played 19-16?? here (Blunder). Find a better move.');
    const start = await redMen(page);
    await still(page);
    await shot(page, 'drill-desktop');

    // The move of the game: refused without a search.
    await playCheckers(page, '19-16', 'drill');
    assert.equal(await note(page), '19-16 is the move played in the game. Find a better one.');
    assert.deepEqual(await redMen(page), start, 'taken back');

    // A move the engine refuses, searched in the worker.
    await playCheckers(page, WRONG, 'drill');
    const wrong = await eventually(() => note(page), new RegExp(`^${WRONG} is not good enough`), 60_000);
    assert.match(wrong, new RegExp(`^${WRONG} is not good enough: Red's winning chances would fall from \\d+% to \\d+%\\. Try again\\.$`));
    const [, before, after] = wrong.match(/from (\d+)% to (\d+)%/).map(Number);
    assert.ok(before - after >= 10, `a drop of at least the inaccuracy threshold: ${before} → ${after}`);
    assert.deepEqual(await redMen(page), start, 'taken back');
    assert.equal(await page.locator('#drill-move-box .move-box-reply').innerText(), 'Move taken back.');
    await shot(page, 'drill-wrong');

    // A good move, not the computer's first choice, by keyboard (the move
    // box): accepted after the search.
    await page.fill('#drill-move-input', GOOD);
    await page.press('#drill-move-input', 'Enter');
    const good = await eventually(() => note(page), new RegExp(`^${GOOD}: good`), 60_000);
    assert.match(good, new RegExp(`^${GOOD}: good, as strong as the computer's \\d+-\\d+ or close to it\\.$`));
    const best = good.match(/computer's (\d+-\d+)/)[1];
    assert.notEqual(best, GOOD);
    // Kept with the archived game.
    const archive = await storedJson(page, 'tiers.archive', (a) => a?.games?.[0]?.drill);
    assert.deepEqual(archive.games[0].drill, { v: 1, done: { 3: 'retried' } });

    // Show me: the computer's line on the board, stepped through.
    await page.click('#drill-show');
    await page.locator('#drill-line-note').waitFor();
    assert.match(await note(page), new RegExp(`^The computer's line: ${best}( \\d+(?:[-x]\\d+)+)*\\.$`));
    assert.match(await page.locator('#drill-line-caption').innerText(), new RegExp(`^After move 4 of \\d+ \\(${best}\\)`));
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.locator('#drill-line-caption').innerText(), /^After move 5 of /);
    await shot(page, 'drill-line');

    // The summary.
    await page.click('#drill-next');
    await page.locator('#drill-summary').waitFor();
    assert.match(await page.locator('#drill-summary').innerText(), /Found after a wrong answer: 1/);
    assert.equal(await page.locator('#drill-results li').innerText(), '19-16?? (Blunder): found after a wrong answer');
    await shot(page, 'drill-summary');
    await page.click('#drill-done');
    await page.locator('#review-counts').waitFor();
    await focused(page, '#drill-open');

    // After a reload: the review and the exercise's progress are kept.
    await reloaded(page);
    await openNav(page, 'show-games');
    await page.locator('.archive-item').first().click();
    await page.locator('#archive-review', { hasText: 'Show the review' }).click();
    assert.equal(
      await page.locator('#drill-entry-count').innerText(),
      '1 exercise made from your mistakes and blunders. 1 of 1 done.',
    );

    // A damaged copy: set aside with a notice, the game kept.
    await page.evaluate(() => {
      const a = JSON.parse(localStorage.getItem('tiers.archive'));
      a.games[0].drill.done['3'] = 'maybe';
      localStorage.setItem('tiers.archive', JSON.stringify(a));
    });
    await reloaded(page);
    assert.match(
      await page.locator('.notice').first().innerText(),
      /^Your progress in Learn from your mistakes could not be read \(it is damaged\); it was set aside, the games kept\./,
    );
    assert.match(await page.evaluate(() => localStorage.getItem('tiers.set-aside.archive')), /"drill":\{"v":1,"done":\{"3":"maybe"\}\}/);
    await openNav(page, 'show-games');
    await page.locator('.archive-item').first().click();
    await page.locator('#archive-review', { hasText: 'Show the review' }).click();
    assert.equal(await page.locator('#drill-entry-count').innerText(), '1 exercise made from your mistakes and blunders.');
  });
});

test('on a phone in the light page: the computer\'s own move found at the first try, by taps', { timeout: 240_000 }, async () => {
  await withApp(PHONE, async (page) => {
    await openSettings(page);
    await page.click('#mode-light');
    await page.click('#close-settings');
    await reviewed(page, { tap: true });
    await page.locator('#drill-entry').scrollIntoViewIfNeeded();
    await still(page);
    await shot(page, 'drill-entry-phone-light');
    await page.locator('#drill-open').tap();
    await page.locator('#drill-title').waitFor();
    await noSideScroll(page, 'an exercise on a phone');
    await still(page);
    await shot(page, 'drill-phone-light');
    // The computer's choice, as the review's list of marked moves says it.
    await page.locator('#drill-back').tap();
    const detail = await page.locator('#review-marks').innerText();
    const best = detail.match(/better (\d+-\d+)/)[1];
    await page.locator('#drill-open').tap();
    for (const sq of squaresOf('checkers', best)) await page.locator(`#drill-${sq}`).tap();
    await eventually(() => note(page), `${best}: well found, the computer's choice too!`);
    await noSideScroll(page, 'a solved exercise on a phone');
    await still(page);
    await shot(page, 'drill-phone-solved');
    await page.locator('#drill-next').tap();
    await page.locator('#drill-summary').waitFor();
    assert.match(await page.locator('#drill-summary').innerText(), /Found at the first try: 1/);
    await noSideScroll(page, 'the summary on a phone');
    await shot(page, 'drill-phone-summary');
  });
});
