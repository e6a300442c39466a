// The cross-browser set, the other screens: in each engine, Settings
// (a board theme, light and dark pages, kept after a reload); on a
// 360×740 phone by taps, the first two exercises of the checkers course
// (the second on a board turned round) and a checkers puzzle of the
// shipped file solved; the review of a short game with a blunder.
// Screenshots: target/screenshots/cross-<engine>-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossEngines, shot } from '../harness.mjs';
import {
  PHONE, courseFile, currentPuzzle, eventually, noSideScroll, openNav, openSettings, playCheckers, puzzleFile, resign,
  solveExercise, solvePuzzle, startGame, still, storedJson, withApp,
} from '../app.mjs';

/** Waits until the page's root element has the look's classes (applied in an effect). */
function looks(page, ...classes) {
  return page.waitForFunction((cs) => cs.every((c) => document.documentElement.classList.contains(c)), classes);
}

const colour = (page, selector, prop = 'backgroundColor') =>
  page.$eval(selector, (el, p) => getComputedStyle(el)[p], prop);

for (const engine of crossEngines()) {
  test(`${engine}: Settings: a board theme, light and dark pages, kept after a reload`, async () => {
    await withApp({ engine }, async (page) => {
      await startGame(page, { opponent: 'friend' });
      await playCheckers(page, '11-15');
      await openSettings(page);
      await page.click('#theme-green');
      await page.click('#mode-light');
      await looks(page, 'theme-green', 'page-light');
      assert.equal(await colour(page, '#preview-b2'), 'rgb(118, 150, 86)', 'green dark squares');
      assert.equal(await colour(page, 'body'), 'rgb(243, 240, 234)', 'light page');
      await still(page);
      await shot(page, `cross-${engine}-settings-light`);
      await page.click('#mode-dark');
      await page.waitForFunction(() => !document.documentElement.classList.contains('page-light'));
      await still(page);
      await shot(page, `cross-${engine}-settings-dark`);
      await storedJson(page, 'tiers.preferences', (v) => v?.board === 'green' && v?.mode === 'dark');
      await page.reload();
      await page.locator('#play-a1').waitFor();
      await looks(page, 'theme-green', 'mode-dark');
      assert.equal(await colour(page, '#play-b2'), 'rgb(118, 150, 86)', 'green dark squares after the reload');
      await still(page);
      await shot(page, `cross-${engine}-green-dark-board`);
    });
  });

  test(`${engine}: on a phone by taps, two lesson exercises and a puzzle solved`, async () => {
    await withApp({ engine, ...PHONE }, async (page) => {
      const tap = (board) => (sq) => page.locator(`#${board}-${sq}`).tap();
      const press = (selector) => page.locator(selector).tap();
      const [lesson] = courseFile('checkers');
      await openNav(page, 'show-learn', { tap: true });
      await press('#learn-checkers');
      for (const [e, ex] of lesson.exercises.slice(0, 2).entries()) {
        await page.locator(`[data-exercise="checkers/1/${e + 1}"]`).waitFor();
        assert.equal(await solveExercise(page, 'checkers', ex, tap('learn'), press), '3 of 3 stars');
        // Taps leave no keyboard cursor on the board (Chromium and Firefox
        // focus it after a tap).
        assert.equal(await page.locator('.lesson .square.cursor').count(), 0, 'no keyboard cursor after taps');
        await still(page);
        await shot(page, `cross-${engine}-lesson-${e + 1}-phone`);
        if (e === 0) await press('#learn-next');
      }
      await noSideScroll(page, 'a lesson on a phone');

      await openNav(page, 'show-puzzles', { tap: true });
      const id = await currentPuzzle(page, 'checkers');
      const puzzle = puzzleFile('checkers').get(id);
      assert.ok(puzzle, `${id} is in the file`);
      await solvePuzzle(page, 'checkers', puzzle, tap('puzzle'));
      assert.match(await page.locator('#puzzle-result').innerText(), /^Solved/);
      assert.equal(await page.locator('.square.cursor').count(), 0, 'no keyboard cursor after taps');
      await eventually(() => page.locator('#puzzle-counts').innerText(), '1 solved, 0 failed');
      await still(page);
      await noSideScroll(page, 'a puzzle on a phone');
      await shot(page, `cross-${engine}-puzzle-solved-phone`);
    });
  });

  test(`${engine}: the review of a short game finds the blunder`, async () => {
    await withApp({ engine }, async (page) => {
      await startGame(page, { opponent: 'friend' });
      // Red's 19-16 gives a man away for nothing; then Red resigns.
      for (const mv of ['11-15', '23-19', '9-14', '19-16', '12x19']) await playCheckers(page, mv);
      await resign(page);
      await page.getByRole('dialog').waitFor();
      await page.click('#review-game');
      await page.locator('#review-counts').waitFor({ timeout: 120_000 });
      assert.equal(await page.locator('#review-graph circle').count(), 5, 'a point per move');
      await page.click('#review-only-red');
      await eventually(() => page.locator('#review-marks').innerText(), /Red 19-16\?\? · Blunder · better \d+[-x]\d+/);
      await page.click('#review-next-mark');
      await eventually(() => page.locator('#analysis-caption').innerText(), /^After 19-16, Black to move/);
      await still(page);
      await shot(page, `cross-${engine}-review`);
    });
  });
}
