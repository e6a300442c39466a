// Game review, as a person uses it: the progress on the review screen, then
// the review on the analysis board (the game's tree with the verdicts as
// NAGs and comments and the better lines as variations, the review's panel
// with the counts, the graph and the marked moves). A checkers game lost on
// purpose to level 8 (men given away for nothing, then a resignation)
// reviewed from the game-over dialog, "show only my mistakes" stepping to a
// man given away; a checkers game with a blunder played on purpose (two
// players, then a resignation) reviewed from the game-over dialog
// (progress, the graph with a point per move, a point clicked, the blunder
// marked with the better move, its variation shown, a branch of one's own),
// exported with the board's PDN and imported back with its review and no
// new analysis; a Tiers game reviewed from the archive on a phone, with
// Cancel and Go on, kept with the archived game; and the time a long game
// takes, with the page's long tasks measured meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import {
  PHONE, noSideScroll, openNav, piecesOf, playCheckers, playFirstLegal, press, readyFormations, resign, startGame, waitForTurn,
  withApp,
} from '../app.mjs';

/** Waits for the review to be finished: the analysis board shows it (its panel's counts). */
async function finished(page, timeout = 60_000) {
  await page.locator('#analysis-title').waitFor({ timeout });
  await page.locator('#review-counts').waitFor({ timeout });
}

/**
 * Clicks what opens a review already made and checks it is shown on the
 * board with no new analysis (no analysis worker started for it).
 */
async function shownAtOnce(page, open) {
  let workers = 0;
  const count = () => { workers += 1; };
  page.on('worker', count);
  await open();
  await finished(page);
  page.off('worker', count);
  assert.equal(workers, 0, 'not analysed again');
}

/** The move list's lines as shown (indented by depth). */
function treeLines(page) {
  return page.locator('.analysis-board .tree-list .tree-line').evaluateAll((ls) =>
    ls.map((l) => '  '.repeat(Number(l.dataset.depth)) + l.innerText.replace(/\s+/g, ' ').trim()));
}

const FILES = 'abcdefgh';
const at = (f, r) => (f >= 0 && f < 8 && r >= 1 && r <= 8 ? FILES[f] + r : null);
const fileOf = (sq) => FILES.indexOf(sq[0]);
const rankOf = (sq) => Number(sq[1]);

/**
 * A quiet move of a Black man (Black moves towards rank 1) that gives it
 * away for nothing: a Red man can jump it and then no Black man can jump
 * anything.
 * Kings are left out (none early in the game). Null when there is none.
 */
function giveaway(black, red) {
  const empty = (sq, b, r) => sq && !b.has(sq) && !r.has(sq);
  for (const from of black) {
    for (const df of [-1, 1]) {
      const to = at(fileOf(from) + df, rankOf(from) - 1);
      if (!empty(to, black, red)) continue;
      const b = new Set(black);
      b.delete(from);
      b.add(to);
      for (const dx of [-1, 1]) {
        // A Red man below `to` jumps it upwards (Red men move towards rank 8).
        const e = at(fileOf(to) - dx, rankOf(to) - 1);
        const land = at(fileOf(to) + dx, rankOf(to) + 1);
        if (!e || !red.has(e) || !empty(land, b, red)) continue;
        const after = new Set(b);
        after.delete(to);
        const redAfter = new Set(red);
        redAfter.delete(e);
        redAfter.add(land);
        // Can any Black man jump any Red man then (the man won back)?
        const back = [...after].some((j) =>
          [-1, 1].some((d) => {
            const over = at(fileOf(j) + d, rankOf(j) - 1);
            const l = at(fileOf(j) + 2 * d, rankOf(j) - 2);
            return over && redAfter.has(over) && empty(l, after, redAfter);
          }),
        );
        if (!back) return [from, to];
      }
    }
  }
  return null;
}

// Level 8 thinks for a time, so its moves (and the position where a man is
// first given away) depend on the machine; the review's verdicts on a game
// do not (a fixed number of positions each). A man given away for nothing
// from a position not yet lost drops the mover's winning chances by 200 or
// more: a mistake (150) or a blunder (220), depending on what the man was
// worth there (tests/review.rs checks one game's verdicts exactly).
test('a checkers game lost on purpose to level 8: the review finds the men I gave away', { timeout: 240_000 }, async () => {
  await withApp({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await startGame(page, { level: 8, color: 'Black' });
    let given = 0;
    for (let turn = 0; turn < 12 && given < 2; turn++) {
      assert.equal(await waitForTurn(page, 60_000), 'mine');
      const black = new Set(await piecesOf(page, 'black'));
      const red = new Set(await piecesOf(page, 'red'));
      const move = turn > 0 && (await page.locator('.square.highlight').count()) === 0 ? giveaway(black, red) : null;
      if (move) {
        await press(page, move[0]);
        await press(page, move[1]);
        given += 1;
      } else {
        await playFirstLegal(page, 'black');
      }
    }
    assert.ok(given > 0, 'a man was given away');
    assert.equal(await waitForTurn(page, 60_000), 'mine');
    await resign(page);
    await page.getByRole('dialog').waitFor();
    await page.click('#review-game');
    await finished(page, 120_000);
    const points = await page.locator('#review-graph circle').count();
    assert.ok(points >= 4, `a point per move: ${points}`);
    // Only my (Black's) mistakes: the next one is a mistake of mine.
    await page.check("#review-only-mine");
    assert.match(await page.locator('#review-counts').innerText(), /Black: [^\n]*\d+ (blunders?|mistakes?)/);
    await page.click('#review-next-mark');
    const detail = await page.locator('#review-detail').innerText();
    assert.match(detail, /\(Black\): (Blunder|Mistake|Inaccuracy)\./, detail);
    const marks = await page.locator('#review-marks').innerText();
    assert.doesNotMatch(marks, /^Red /m, 'only my moves are listed');
    assert.match(marks, /^Black .*(Blunder|Mistake)/m, marks);
    await shot(page, 'review-level-8');
  });
});

async function openImport(page) {
  await page.click('#show-games');
  if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
}

test('a blunder played on purpose is found, exported and imported back without analysis', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { opponent: 'friend' });
    // Red's 19-16 gives a man away for nothing.
    for (const mv of ['11-15', '23-19', '9-14', '19-16', '12x19']) await playCheckers(page, mv);
    await resign(page); // Red, to move, resigns
    await page.getByRole('dialog').waitFor();
    await page.click('#review-game');
    await page.locator('#review-title').waitFor();
    const progress = await page.locator('#review-progress-text').innerText();
    assert.match(progress, /^Analysing move \d of 5…$/, progress);
    await finished(page);
    assert.equal(await page.locator('#review-progress').count(), 0, 'no progress once done');
    assert.equal(await page.locator('#review-graph circle').count(), 5, 'a point per move');
    // The verdicts are the tree's: the blunder's NAG in the move list.
    assert.match((await treeLines(page)).join('\n'), /19-16\?\?/);

    // Two players: step through Red's marked moves.
    await page.click('#review-only-red');
    const marks = await page.locator('#review-marks').innerText();
    assert.match(marks, /Red 19-16\?\? · Blunder · better \d+[-x]\d+/, marks);
    assert.match(await page.locator('#review-counts').innerText(), /Red: 1 blunder/);
    await page.click('#review-next-mark');
    assert.match(await page.locator('#analysis-caption').innerText(), /^After 19-16, Black to move/);
    assert.match(await page.locator('#analysis-comment').inputValue(), /^\[%eval -\d+\.\d\d\/\d+\] \[%best [^\]]+\] Blunder: \d+[-x]\d+ was better\.$/);
    assert.equal(await page.locator('#analysis-nag-4').getAttribute('aria-pressed'), 'true');
    const detail = await page.locator('#review-detail').innerText();
    assert.match(detail, /^2\.\.\. 19-16\?\? \(Red\): Blunder\. Red's winning chances \d+% → \d+%\. Better: \d+[-x]\d+ \(line: [\d\-x ]+\)\. Play the better line on the board$/, detail);
    await shot(page, 'review-blunder');
    // The better line is a variation of the tree: shown on the board, then
    // walked on by key, off the game's line.
    const better = detail.match(/Better: (\d+[-x]\d+)/)[1];
    await page.click('#review-show-line');
    assert.match(await page.locator('#analysis-caption').innerText(), new RegExp(`^After ${better}, Black to move`));
    assert.match(await page.locator('#review-detail').innerText(), /^This position is not on the game's line/);
    assert.ok((await treeLines(page)).some((l) => l.startsWith('  2... ' + better)), 'a variation under the blunder');
    await page.keyboard.press('ArrowRight');
    assert.doesNotMatch(await page.locator('#analysis-caption').innerText(), new RegExp(`^After ${better},`));
    await shot(page, 'review-line');

    // A point of the graph shows its move on the board.
    await page.locator('#review-graph circle[data-ply="2"]').click();
    assert.match(await page.locator('#analysis-caption').innerText(), /^After 23-19, Black to move/);
    assert.match(await page.locator('#review-detail').innerText(), /^1\.\.\. 23-19 \(Red\)/);

    // The player goes on analysing: a move of their own from here makes a
    // variation; the review stays.
    await playCheckers(page, '8-11', 'analysis');
    assert.match(await page.locator('#analysis-caption').innerText(), /^After 8-11, Red to move/);
    await page.locator('#review-graph circle[data-ply="4"]').click();
    assert.match(await page.locator('#analysis-caption').innerText(), /^After 19-16, Black to move/);

    // The board's PDN: the verdicts as NAGs and comments, the better line
    // and the player's move as variations.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-export-download')]);
    const pdn = readFileSync(await download.path(), 'utf8');
    assert.match(pdn, /\[Review "500000 nodes, start [+-]\d+\.\d\d\/\d+"\]/);
    const flat = pdn.replace(/\s+/g, ' ');
    assert.match(flat, /19-16\?\? \{\[%eval -\d+\.\d\d\/\d+\] \[%best \d+[-x]\d+[^\]]*\] Blunder: \d+[-x]\d+ was better\.\} \(2\.\.\. \d+[-x]\d+/, pdn);
    assert.ok(flat.includes('(2. 8-11'), pdn);
    assert.equal((flat.match(/\[%eval /g) || []).length, 5, 'an evaluation per move of the game');
    // Red resigned: Black, the first mover, won (1-0 in checkers PDN), stated
    // though the last position does not end the game.
    assert.match(pdn, /\[Result "1-0"\]/, pdn);
    assert.match(flat.trim(), / 1-0$/, pdn);

    // The whole game as an animated PNG: one frame per position (the
    // start and 5 moves), 400 pixels square, played once.
    const [film] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download animation (APNG)' }).click(),
    ]);
    assert.match(film.suggestedFilename(), /^tiers-checkers-.*game\.png$/);
    const apng = readFileSync(await film.path());
    assert.equal(apng.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.equal(apng.readUInt32BE(16), 400);
    const actl = apng.indexOf('acTL');
    assert.ok(actl > 0, 'an animation control chunk');
    assert.equal(apng.readUInt32BE(actl + 4), 6, 'six frames');
    assert.equal((apng.toString('latin1').match(/fcTL/g) || []).length, 6);
    await page.locator('#analysis-export-note', { hasText: /^Downloaded tiers-checkers-.*game\.png\.$/ }).waitFor();
    const counts = await page.locator('#review-counts').innerText();

    // Back where the review was opened from: the play screen.
    await page.click('#analysis-back');
    await page.locator('#play-a1').waitFor();
    // Imported back: the review is there at once, with no analysis.
    await openImport(page);
    await page.fill('#import-text', pdn);
    await page.click('#import-read');
    await shownAtOnce(page, () => page.locator('#archive-review', { hasText: 'Show the review' }).click());
    assert.equal(await page.locator('#review-counts').innerText(), counts);
    assert.match(await page.locator('#review-marks').innerText(), /19-16\?\? · Blunder/);

    // The page reloaded: the analysis board comes back with the review's panel.
    await page.reload();
    await page.locator('#show-analysis').waitFor({ state: 'attached' });
    // The finished game's dialog is shown again: closed, as a person would.
    if ((await page.getByRole('dialog').count()) > 0) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    if (!(await page.locator('#show-analysis').isVisible())) await page.click('#nav-toggle');
    await page.click('#show-analysis');
    await page.locator('#review-panel').waitFor();
    assert.equal(await page.locator('#review-counts').innerText(), counts);
    assert.equal(await page.locator('#review-graph circle').count(), 5, 'a point per move');
  });
});

test('a Tiers game reviewed from the archive on a phone: cancel, go on, kept', async () => {
  await withApp(PHONE, async (page) => {
    await startGame(page, { game: 'tiers', opponent: 'friend' });
    await readyFormations(page);
    for (let i = 0; i < 3; i++) {
      await playFirstLegal(page, 'red', { tap: true });
      await playFirstLegal(page, 'black', { tap: true });
    }
    await resign(page);
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Look at the board' }).click();
    await openNav(page, 'show-games');
    await page.locator('.archive-item').first().click();
    // Cancelled, the analysis worker is let go: it closes once the search
    // it is on is over, and nothing it found counts.
    const spawned = page.waitForEvent('worker');
    await page.click('#archive-review');
    const closed = (await spawned).waitForEvent('close', { timeout: 60_000 });
    await page.locator('#review-cancel').click();
    await page.locator('#review-progress-text', { hasText: /^Analysis cancelled \(\d of 7 positions analysed\)\.$/ }).waitFor();
    const done = Number(await page.locator('#review-progress').getAttribute('value'));
    await closed;
    assert.equal(Number(await page.locator('#review-progress').getAttribute('value')), done, 'nothing analysed after cancel');
    await shot(page, 'review-phone-cancelled');
    await page.click('#review-resume');
    await finished(page);
    assert.equal(await page.locator('#review-graph circle').count(), 6);
    await noSideScroll(page, 'the review on a phone');
    await page.locator('#review-graph circle[data-ply="3"]').click();
    assert.match(await page.locator('#analysis-caption').innerText(), /^After \S+, Black to move/);
    assert.match(await page.locator('#review-detail').innerText(), /^2\. /);
    await shot(page, 'review-phone');
    // Kept with the archived game: opened again, not analysed again.
    await page.click('#analysis-back');
    assert.match(await page.locator('.archive-item').first().innerText(), / · reviewed$/m);
    await shownAtOnce(page, () => page.locator('#archive-review', { hasText: 'Show the review' }).click());
  });
});

/** A 28-move (56-ply) game, as CheckerBoard ships it (games/tinsley.pdn). */
const LONG = `[Event "Ohio State Ty 1946"]
[Black "MF Tinsley"]
[White "M Rex"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6.
7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11.
23x30 11x4 12. 2-7 4-8 13. 1-6 22-18 14. 15x22 25x18 15. 10x14 18x15 16. 14-18
29x25 17. 9-13 8-4 18. 13-17 21x14 19. 30x21 15-10 20. 6x15 19x10 21. 21-17
4-8 22. 18-22 24-19 23. 22-25 32-28 24. 25-30 31-27 25. 30-26 19-16 26. 12x19
27-24 27. 3x12 10x3 28. 17x10 24x15x6 1/2-1/2
`;

test('a long game reviewed: a point per move, the page answering meanwhile', async () => {
  await withApp({}, async (page) => {
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    await openImport(page);
    await page.fill('#import-text', LONG);
    await page.click('#import-read');
    await page.click('#archive-review');
    // The worker's first start is not counted: from the first position done on.
    const done = () => page.evaluate(() => Number(document.querySelector('#review-progress')?.value ?? 0));
    await page.waitForFunction(() => Number(document.querySelector('#review-progress')?.value ?? 0) >= 1, null, { timeout: 30_000 });
    const first = await done();
    await page.evaluate(() => { window.__long = []; });
    const t0 = Date.now();
    // The analysis runs in the worker: the page answers meanwhile (Cancel
    // and Go on while most positions are still to do).
    await page.click('#review-cancel');
    await page.locator('#review-progress-text', { hasText: /^Analysis cancelled/ }).waitFor();
    assert.ok((await done()) < 57, 'still analysing');
    await page.click('#review-resume');
    await finished(page, 300_000);
    const seconds = (Date.now() - t0) / 1000;
    const positions = 57 - first;
    const long = await page.evaluate(() => window.__long);
    // Information, not judged here (this machine may be busy): the
    // figures are logged in docs/measurements.md, "The app".
    console.log(`review: ${positions} positions in ${seconds.toFixed(1)} s (${((seconds / positions) * 1000).toFixed(0)} ms each); main-thread tasks over 50 ms: ${JSON.stringify(long)}`);
    assert.equal(await page.locator('#review-graph circle').count(), 56);
    await shot(page, 'review-long');
  });
});
