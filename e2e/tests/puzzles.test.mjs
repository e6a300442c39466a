// The Puzzles screen as a person uses it, on a 360×740 phone by taps: a
// checkers puzzle solved (its solution read from the shipped file, the
// replies coming by themselves), the next one failed with a wrong move
// (refused with "That's not it — try again"), the rating moving up then
// down and found again after a reload, three more checkers puzzles and a
// Tiers puzzle solved (five solved, one failed), the puzzles offline
// after one visit, and a damaged copy of a file: the puzzles that cannot be
// used left out, the notice bar saying so, the others played.
// Screenshots: target/screenshots/puzzles-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, currentPuzzle, openNav, puzzleFile, puzzleText, solvePuzzle, squaresOf, still, withApp, wrongMove,
} from '../app.mjs';


const tap = (page, sq) => page.locator(`#puzzle-${sq}`).tap();
const rating = async (page) => Number(await page.locator('#puzzle-rating').innerText());

test('puzzles on a phone: five solved, one failed, the rating kept', async () => {
  await withApp(PHONE, async (page) => {
    const file = puzzleFile('checkers');
    assert.ok(file.size >= 300, `${file.size} checkers puzzles`);
    await openNav(page, 'show-puzzles', { tap: true });
    const id = await currentPuzzle(page, 'checkers');
    assert.equal(await rating(page), 1500);
    assert.equal(await page.locator('#puzzle-counts').innerText(), '0 solved, 0 failed');
    const first = file.get(id);
    assert.ok(first, `${id} is in the file`);
    assert.ok(Math.abs(first.rating - 1500) <= 400, `picked near 1500: ${first.rating}`);
    await still(page);
    await shot(page, 'puzzles-phone');
    await solvePuzzle(page, 'checkers', first, (sq) => tap(page, sq));
    assert.match(await page.locator('#puzzle-result').innerText(), /^Solved/);
    const up = await rating(page);
    assert.ok(up > 1500, `rating up: ${up}`);
    assert.equal(await page.locator('#puzzle-counts').innerText(), '1 solved, 0 failed');
    assert.match(await page.locator('#puzzle-change').innerText(), /^Rating 1500 → \d+ \(\+\d+\)$/);
    await still(page);
    await shot(page, 'puzzles-solved');

    // The next one, failed with a wrong move.
    await page.locator('#puzzle-next').tap();
    await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), id);
    const id2 = await currentPuzzle(page, 'checkers');
    assert.notEqual(id2, id);
    const second = file.get(id2);
    const solver = (await page.locator('#puzzle-task').innerText()).startsWith('Red') ? 'red' : 'black';
    await wrongMove(page, 'checkers', second, solver, (sq) => tap(page, sq));
    await page.locator('#puzzle-note').waitFor();
    assert.equal(await page.locator('#puzzle-note').innerText(), "That's not it — try again.");
    assert.equal(await page.locator('.puzzle-board').getAttribute('data-step'), '0');
    const down = await rating(page);
    assert.ok(down < up, `rating down: ${up} → ${down}`);
    assert.equal(await page.locator('#puzzle-counts').innerText(), '1 solved, 1 failed');
    await still(page);
    await shot(page, 'puzzles-wrong');
    // The hint shows the piece to move.
    await page.locator('#puzzle-hint').tap();
    const from = squaresOf('checkers', second.solution[0])[0];
    assert.equal(await page.locator(`#puzzle-${from}.zone`).count(), 1, 'the hint marks the piece');

    // Kept on the device.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('tiers.puzzles') ?? '{}').history);
    await page.reload();
    await openNav(page, 'show-puzzles', { tap: true });
    await currentPuzzle(page, 'checkers');
    assert.equal(await rating(page), down);
    assert.equal(await page.locator('#puzzle-counts').innerText(), '1 solved, 1 failed');
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('tiers.puzzles')));
    assert.equal(stored.v, 1);
    assert.equal(stored.history[`checkers/${id}`], 'solved');
    assert.equal(stored.history[`checkers/${id2}`], 'failed');

    // Three more solved, each raising the rating.
    for (let n = 0; n < 3; n++) {
      const before = await rating(page);
      const prev = await currentPuzzle(page, 'checkers');
      const next = page.locator('#puzzle-next');
      await ((await next.count()) ? next : page.locator('#puzzle-skip')).tap();
      await page.waitForFunction((id) => !document.querySelector(`[data-puzzle="checkers/${id}"]`), prev);
      const pid = await currentPuzzle(page, 'checkers');
      await solvePuzzle(page, 'checkers', file.get(pid), (sq) => tap(page, sq));
      assert.ok((await rating(page)) > before, `rating up from ${before}`);
    }
    assert.equal(await page.locator('#puzzle-counts').innerText(), '4 solved, 1 failed');

    // Tiers: the fifth solved.
    await page.locator('#puzzles-tiers').tap();
    const tiersFile = puzzleFile('tiers');
    assert.ok(tiersFile.size >= 300, `${tiersFile.size} Tiers puzzles`);
    const tid = await currentPuzzle(page, 'tiers');
    assert.equal(await rating(page), 1500, 'a rating of its own');
    await still(page);
    await shot(page, 'puzzles-tiers-phone');
    await solvePuzzle(page, 'tiers', tiersFile.get(tid), (sq) => tap(page, sq));
    assert.ok((await rating(page)) > 1500);
  });
});

test('the puzzles work offline after one visit', async () => {
  await withApp({}, async (page, { server }) => {
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    await page.context().setOffline(true);
    await server.close();
    const served = server.requests.length;
    await page.reload();
    await page.locator('#show-puzzles').click();
    await currentPuzzle(page, 'checkers');
    await page.locator('#puzzles-tiers').click();
    await currentPuzzle(page, 'tiers');
    await shot(page, 'puzzles-offline-desktop');
    assert.equal(server.requests.length, served, 'nothing reached the server while offline');
  });
});

test('a damaged puzzle file: the notice bar names what is left out, the others play', async () => {
  // The 12 checkers puzzles nearest the starting rating (those the first
  // pick is drawn from) damaged: half cut short, half with a first move
  // that does not play.
  const file = puzzleFile('checkers');
  const near = [...file.entries()]
    .sort(([, a], [, b]) => Math.abs(a.rating - 1500) - Math.abs(b.rating - 1500))
    .slice(0, 12)
    .map(([id]) => id);
  const damaged = puzzleText('checkers')
    .split('\n')
    .map((line) => {
      const i = near.indexOf(line.split('|')[0].trim());
      if (i < 0) return line;
      const [id, position, solution, ...rest] = line.split('|');
      const moves = solution.trim().split(/\s+/).slice(1).join(' ');
      return i % 2 ? `${id}|${position}` : [id, position, ` 1-2 ${moves} `, ...rest].join('|');
    })
    .join('\n');
  const extra = { '/puzzles/checkers.txt': { type: 'text/plain; charset=utf-8', body: damaged } };
  await withApp({ ...PHONE, extra }, async (page) => {
    await openNav(page, 'show-puzzles', { tap: true });
    const id = await currentPuzzle(page, 'checkers');
    assert.ok(!near.includes(id), `${id} is not a damaged one`);
    const notice = page.locator('#notices .notice[role=alert]');
    assert.match(
      await notice.innerText(),
      /^12 puzzles of the Checkers puzzle file are left out: they cannot be used \(the first: (line \d+: a puzzle has 5 fields|puzzle c\d+: move 1 \(1-2\) cannot be played)/,
    );
    await still(page);
    await shot(page, 'puzzles-damaged-file');
    await solvePuzzle(page, 'checkers', file.get(id), (sq) => tap(page, sq));
    assert.match(await page.locator('#puzzle-result').innerText(), /^Solved/);
    // Dismissed like any notice; the Tiers file is whole: no notice.
    await notice.getByRole('button', { name: 'Dismiss this notice' }).tap();
    await page.locator('#puzzles-tiers').tap();
    await currentPuzzle(page, 'tiers');
    assert.equal(await page.locator('#notices').count(), 0);
  });
});
