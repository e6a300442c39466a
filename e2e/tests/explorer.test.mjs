// The analysis board's opening explorer and position search, as a player
// uses them: three games imported into the archive through the games
// screen, the explorer opened on the board lists the moves they played from
// the position shown with their counts and results, a move clicked is
// played into the tree; the games collection (a lazy file) lists its moves
// with the ballots named; a position reached by another order of moves
// finds the archived game, which opens on the board at that position.
// Desktop in the dark page, a phone in the light page by keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, eventually, noSideScroll, openNav, openSettings, playCheckers, still, storedJson, withApp } from '../app.mjs';

/** Imports a PDN game on the games screen and keeps it in the archive. */
async function archive(page, moves, result, count) {
  await openNav(page, 'show-games');
  if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
  await page.fill('#import-text', `[Event "e2e"]\n[Result "${result}"]\n${moves} ${result}`);
  await page.click('#import-read');
  await page.click('#import-archive');
  await storedJson(page, 'tiers.archive', (v) => v?.games?.length === count);
}

/** Opens the newest archived game on the analysis board, at its start. */
async function analyseNewest(page) {
  await page.locator('.archive-item').first().click();
  await page.click('#archive-analyse');
  await page.locator('#analysis-title').waitFor();
  await page.locator('#analysis-first').click();
}

/** The explorer's rows: move, count, results in words. */
function rows(page) {
  return page.locator('#explorer-moves .explorer-row').evaluateAll((trs) =>
    trs.map((tr) => [
      tr.querySelector('.explorer-move').innerText.trim(),
      tr.querySelector('.explorer-count').innerText.trim(),
      tr.querySelector('.explorer-numbers').innerText.trim(),
    ]),
  );
}

/** The move shown in the analysis board's list. */
function current(page) {
  return page.locator('.tree-list .move.current').innerText();
}

test('the explorer lists the archive\'s moves with counts after three games', async () => {
  await withApp({ viewport: { width: 1200, height: 900 } }, async (page) => {
    await archive(page, '1. 11-15 23-19 2. 8-11 22-17', '1-0', 1);
    await archive(page, '1. 11-15 22-18 2. 15x22 25x18', '1/2-1/2', 2);
    await archive(page, '1. 9-14 22-17 2. 11-15', '0-1', 3);
    // The last one on the board, back at its start.
    await analyseNewest(page);
    await page.click('#explorer-toggle');
    assert.equal(await page.locator('#explorer-toggle').getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('#explorer-tab-mine').getAttribute('aria-pressed'), 'true');
    await page.locator('#explorer-summary', { hasText: '3 games of yours' }).waitFor();
    // Black moves first: 1-0 is Black's win, 0-1 Red's.
    assert.deepEqual(await rows(page), [
      ['11-15', '2', '1 won · 1 drawn · 0 lost'],
      ['9-14', '1', '0 won · 0 drawn · 1 lost'],
    ]);
    assert.equal(await page.locator('#explorer-games-title').innerText(), '3 games reached this position');
    await shot(page, 'explorer-archive-desktop-dark');
    // A move clicked is played into the tree: a variation of 9-14.
    await page.click('#explorer-move-0');
    await eventually(() => current(page), '11-15');
    assert.deepEqual(await rows(page), [
      ['22-18', '1', '0 won · 1 drawn · 0 lost'],
      ['23-19', '1', '0 won · 0 drawn · 1 lost'],
    ]);
    assert.equal(await page.locator('#explorer-games-title').innerText(), '2 games reached this position');

    // The collection: loaded when asked for, two games from each ballot.
    await page.click('#explorer-tab-collection');
    await page.locator('#explorer-summary', { hasText: '312 games of the engine' }).waitFor({ timeout: 60_000 });
    await page.locator('#analysis-first').click();
    const first = await rows(page);
    assert.deepEqual(first.map((r) => r[0]).sort(), ['10-14', '10-15', '11-15', '11-16', '12-16', '9-13', '9-14']);
    assert.equal(first.reduce((n, r) => n + Number(r[1]), 0), 312);
    // Two moves into a ballot: each answer names the ballot it reaches.
    await page.click('#explorer-move-' + first.findIndex((r) => r[0] === '9-13'));
    await eventually(() => current(page), '9-13');
    const reply = await page.locator('#explorer-row-0 .explorer-move').innerText();
    await page.click('#explorer-move-0');
    await eventually(() => current(page), reply);
    await page.locator('#explorer-row-0 .explorer-ballot').waitFor();
    assert.match(await page.locator('#explorer-row-0 .explorer-ballot').innerText(), /^ACF ballot \d+: 9-13 \d+-\d+ \d+-\d+$/);
    await shot(page, 'explorer-collection-desktop-dark');
  });
});

test('position search finds a game by a position reached by transposition', async () => {
  await withApp(PHONE, async (page) => {
    await openSettings(page);
    await page.click('#mode-light');
    await page.click('#close-settings');
    await archive(page, '1. 11-15 23-19 2. 9-14 22-17 3. 5-9 17-13', '1/2-1/2', 1);
    await archive(page, '1. 10-14 24-20 2. 14-18', '1-0', 2);
    // Another order of moves on the board: 9-14 22-17 11-15 23-19.
    await analyseNewest(page);
    for (const m of ['9-14', '22-17', '11-15', '23-19']) await playCheckers(page, m, 'analysis');
    await eventually(() => current(page), '23-19');
    // By keys: the explorer's button, then the first game found.
    await page.locator('#explorer-toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('#explorer-games-title', { hasText: '1 game reached this position' }).waitFor();
    assert.match(await page.locator('#explorer-game-0').innerText(), /Drawn · reached after 4 moves/);
    assert.deepEqual(await rows(page), [['5-9', '1', '0 won · 1 drawn · 0 lost']]);
    await noSideScroll(page, 'explorer');
    await still(page);
    await shot(page, 'explorer-search-phone-light');
    await page.locator('#explorer-game-0').focus();
    await page.keyboard.press('Enter');
    // The game found, on the board at that position: its own order.
    await eventually(() => current(page), '22-17');
    const list = await page.locator('.tree-list').innerText();
    assert.match(list.replace(/\s+/g, ' '), /1\. 11-15 23-19 2\. 9-14 22-17 3\. 5-9 17-13/);
    // An unrelated position: nothing found.
    await page.locator('#analysis-first').click();
    await playCheckers(page, '12-16', 'analysis');
    await page.locator('#explorer-no-games').waitFor();
    await page.locator('#explorer-no-moves').waitFor();
  });
});
