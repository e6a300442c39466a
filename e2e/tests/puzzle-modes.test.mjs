// The puzzle modes as a person uses them: the daily puzzle (the same in
// two browser profiles on the same faked date, solved and marked on the
// new game screen with the streak of days, another one the next day), a
// streak on a phone by taps ended by a wrong move (its best kept over a
// reload), a 3-minute rush, its controls by keyboard, on a controlled clock (a mistake
// counted, the time running out, the best kept per length), and the theme
// filter with the dashboard (themes weakest first, the rating graph).
// Screenshots: target/screenshots/puzzle-modes-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, currentPuzzle, openNav, playMoveBy, puzzleFile, solvePuzzle, still, storedJson, withApp, wrongMove,
} from '../app.mjs';

const NOON = (day) => new Date(`2026-12-${String(day).padStart(2, '0')}T12:00:00`);

/** The solver's colour of the puzzle on the board ('red' or 'black'), from its task line. */
async function solverOf(page) {
  const task = await page.locator('#puzzle-task').innerText();
  return task.startsWith('Red') ? 'red' : 'black';
}

/** Opens today's checkers daily puzzle from the new game screen; its id and day. */
async function openDaily(page) {
  await page.locator('#daily-checkers').click();
  const id = await currentPuzzle(page, 'checkers');
  const day = await page.locator('#puzzle-daily').getAttribute('data-day');
  return { id, day };
}

test('the daily puzzle: the same in two profiles on a day, marked when solved, another the next day', async () => {
  await withApp({ setup: (page) => page.clock.install({ time: NOON(1) }) }, async (page, ctx) => {
    const file = puzzleFile('checkers');
    assert.equal(await page.locator('#daily-checkers-solved').count(), 0);
    assert.equal(await page.locator('#daily-days').innerText(), '0 days in a row');
    const first = await openDaily(page);
    assert.equal(first.day, '2026-12-01');
    assert.equal(await page.locator('#puzzle-mode-daily').getAttribute('aria-pressed'), 'true');
    // Another person's device, offline from this one, the same date.
    const other = await ctx.device();
    await other.page.clock.install({ time: NOON(1) });
    await other.page.goto(ctx.server.url + '/');
    await other.page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.equal((await openDaily(other.page)).id, first.id, 'the same puzzle on both devices');
    await still(page);
    await shot(page, 'puzzle-modes-daily');

    await solvePuzzle(page, 'checkers', file.get(first.id), (sq) => page.locator(`#puzzle-${sq}`).click());
    await page.locator('#puzzle-daily-solved').waitFor();
    await page.locator('.brand').click();
    await page.locator('#daily-checkers-solved').waitFor();
    assert.equal(await page.locator('#daily-tiers-solved').count(), 0);
    assert.equal(await page.locator('#daily-days').innerText(), '1 day in a row');
    await still(page);
    await shot(page, 'puzzle-modes-daily-solved');
    const kept = await storedJson(page, 'tiers.puzzles', (v) => v?.daily?.last === '2026-12-01');
    assert.equal(kept.daily.checkers, '2026-12-01');

    // The next day: another puzzle, not solved yet, the streak kept.
    await page.clock.setSystemTime(NOON(2));
    await page.reload();
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.equal(await page.locator('#daily-checkers-solved').count(), 0);
    assert.equal(await page.locator('#daily-days').innerText(), '1 day in a row');
    const next = await openDaily(page);
    assert.equal(next.day, '2026-12-02');
    assert.notEqual(next.id, first.id, 'another puzzle the next day');
  });
});

test('a streak on a phone: rising puzzles until a wrong move, the best kept', async () => {
  await withApp(PHONE, async (page) => {
    const file = puzzleFile('checkers');
    const tap = (sq) => page.locator(`#puzzle-${sq}`).tap();
    await openNav(page, 'show-puzzles', { tap: true });
    await currentPuzzle(page, 'checkers');
    await page.locator('#puzzle-mode-streak').tap();
    assert.equal(await page.locator('#run-best').innerText(), 'Best: 0');
    await still(page);
    await shot(page, 'puzzle-modes-streak-phone');
    await page.locator('#run-start').tap();
    const ratings = [];
    for (let n = 1; n <= 2; n++) {
      const id = await currentPuzzle(page, 'checkers');
      ratings.push(file.get(id).rating);
      await solveInRun(page, file.get(id), tap);
      await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), id);
      assert.equal(await page.locator('#run-solved').innerText(), `Solved: ${n}`);
    }
    const id = await currentPuzzle(page, 'checkers');
    ratings.push(file.get(id).rating);
    assert.ok(ratings[0] < ratings[1] && ratings[1] < ratings[2], `rising: ${ratings}`);
    assert.equal(await page.locator('#puzzle-hint').count(), 0, 'no hint in a streak');
    await wrongMove(page, 'checkers', file.get(id), await solverOf(page), tap);
    await page.locator('#run-over').waitFor();
    assert.equal(await page.locator('#run-over').innerText(), 'Over: 2 puzzles solved. A new best!');
    assert.equal(await page.locator('#run-best').innerText(), 'Best: 2');
    assert.equal(await page.locator('.puzzle-board').count(), 0);
    await still(page);
    await shot(page, 'puzzle-modes-streak-over-phone');
    await storedJson(page, 'tiers.puzzles', (v) => v?.best?.checkers?.streak === 2);
    await page.reload();
    await openNav(page, 'show-puzzles', { tap: true });
    await page.locator('#puzzle-mode-streak').tap();
    assert.equal(await page.locator('#run-best').innerText(), 'Best: 2');
  });
});

/** Solves the run's puzzle on the board, waiting for each reply (the run then serves the next). */
async function solveInRun(page, puzzle, input, wait = async () => {}) {
  for (let i = 0; i < puzzle.solution.length; i += 2) {
    await playMoveBy(page, 'checkers', puzzle.solution[i], input);
    if (i + 2 < puzzle.solution.length) {
      const step = page.locator(`.puzzle-board[data-step="${i + 2}"]`);
      while ((await step.count()) === 0) await wait();
      await step.waitFor({ timeout: 10_000 });
    }
  }
}

test('a 3-minute rush, its controls by keyboard, on a controlled clock: a mistake, the time up, the best per length', async () => {
  await withApp({ setup: (page) => page.clock.install({ time: NOON(1) }) }, async (page) => {
    await page.clock.pauseAt(new Date('2026-12-01T13:00:00'));
    const file = puzzleFile('checkers');
    const key = (sq) => page.locator(`#puzzle-${sq}`).click();
    await page.locator('#show-puzzles').click();
    await currentPuzzle(page, 'checkers');
    await page.locator('#puzzle-mode-rush').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#rush-3').getAttribute('aria-pressed'), 'true');
    await page.locator('#run-start').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#run-time').innerText(), 'Time left: 3:00');
    assert.equal(await page.locator('#run-mistakes').innerText(), 'Mistakes: 0 of 3');
    // One solved (the replies come when the clock moves).
    const id = await currentPuzzle(page, 'checkers');
    await solveInRun(page, file.get(id), key, () => page.clock.runFor(200));
    await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), id);
    assert.equal(await page.locator('#run-solved').innerText(), 'Solved: 1');
    // A wrong move: counted, the rush goes on with another puzzle.
    const id2 = await currentPuzzle(page, 'checkers');
    await wrongMove(page, 'checkers', file.get(id2), await solverOf(page), key);
    await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), id2);
    assert.equal(await page.locator('#run-mistakes').innerText(), 'Mistakes: 1 of 3');
    await page.clock.runFor(60_000);
    assert.equal(await page.locator('#run-time').innerText(), 'Time left: 2:00');
    await shot(page, 'puzzle-modes-rush');
    // The time runs out.
    await page.clock.runFor(120_000);
    await page.locator('#run-over').waitFor();
    assert.equal(await page.locator('#run-over').innerText(), 'Over: 1 puzzle solved. A new best!');
    assert.equal(await page.locator('#run-best').innerText(), 'Best: 1');
    await shot(page, 'puzzle-modes-rush-over');
    // Five minutes have a best of their own.
    await page.locator('#rush-5').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#run-best').innerText(), 'Best: 0');
    const stored = await storedJson(page, 'tiers.puzzles', (v) => v?.best?.checkers?.['rush-3'] === 1);
    assert.equal(stored.best.checkers['rush-5'], 0);
    assert.equal(stored.v, 1);
  });
});

test('the theme filter and the dashboard: weakest theme first, the rating graph', async () => {
  await withApp({}, async (page) => {
    const file = puzzleFile('checkers');
    await page.locator('#show-puzzles').click();
    await currentPuzzle(page, 'checkers');
    await page.locator('#puzzle-dashboard summary').click();
    assert.equal(await page.locator('#dashboard-empty').innerText(), 'No rated puzzle of this game tried yet.');
    const options = await page.locator('#puzzle-theme option').allInnerTexts();
    assert.equal(options[0], 'All themes');
    assert.ok(options.some((o) => /^endgame \(\d+\)$/.test(o)), options.join(' / '));
    const tried = [];
    for (const theme of ['endgame', 'crowning']) {
      const before = await currentPuzzle(page, 'checkers');
      await page.locator('#puzzle-theme').selectOption(theme);
      await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), before);
      for (let n = 0; n < 3; n++) {
        const id = await currentPuzzle(page, 'checkers');
        assert.ok(file.get(id).themes.includes(theme), `${id}: ${file.get(id).themes} has ${theme}`);
        await page.locator('#puzzle-skip').click();
        await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), id);
      }
      // One of the theme failed (endgame) or solved (crowning).
      const id = await currentPuzzle(page, 'checkers');
      tried.push([id, theme === 'endgame' ? 'failed' : 'solved']);
      if (theme === 'endgame') {
        await wrongMove(page, 'checkers', file.get(id), await solverOf(page), (sq) => page.locator(`#puzzle-${sq}`).click());
        await page.locator('#puzzle-note').waitFor();
      } else {
        await solvePuzzle(page, 'checkers', file.get(id), (sq) => page.locator(`#puzzle-${sq}`).click());
      }
    }
    // The dashboard: the themes of the two puzzles, the lowest share
    // solved first.
    const want = new Map();
    for (const [id, result] of tried) {
      for (const t of file.get(id).themes) {
        const [solved, failed] = want.get(t) ?? [0, 0];
        want.set(t, result === 'solved' ? [solved + 1, failed] : [solved, failed + 1]);
      }
    }
    const rows = await page.locator('#puzzle-themes tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.theme, Number(tr.cells[1].innerText), Number(tr.cells[2].innerText)]));
    assert.deepEqual(new Map(rows.map(([t, a, b]) => [t, [a, b]])), want);
    const share = rows.map(([, a, b]) => a / (a + b));
    assert.ok(share.every((x, i) => i === 0 || share[i - 1] <= x), `weakest first: ${JSON.stringify(rows)}`);
    assert.equal(rows[0][0] === 'endgame' || share[0] === 0, true);
    const rating = await page.locator('#puzzle-rating').innerText();
    assert.match(await page.locator('#rating-graph').getAttribute('aria-label'), new RegExp(`^Rating over your last 2 rated puzzles: from 1500 to ${rating}$`));
    assert.equal(await page.locator('#rating-graph polyline').evaluate((l) => l.getAttribute('points').split(' ').length), 3);
    await still(page);
    await shot(page, 'puzzle-modes-dashboard');
    await page.locator('#puzzle-theme').selectOption('');
    await currentPuzzle(page, 'checkers');
  });
});
