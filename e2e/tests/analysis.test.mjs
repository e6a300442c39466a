// The analysis board, as a person studies a game: a two-player checkers
// game opened on the board, two variations played from earlier positions
// by clicks (and a drag), comments and NAGs put on moves, the arrow keys
// walking the tree (left / right along a line, up / down between the moves
// played from one position), a variation promoted and put back, the whole
// tree exported as PDN and imported into a fresh profile (another browser,
// its own storage) through the games screen, where it is the same tree
// (kept in the archive with it: natively, library::games tests);
// kept on the device; on a phone in the light page with the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import { PHONE, drag, eventually, checkersSquare, noSideScroll, openNav, openSettings, playCheckers, startGame, still, storedJson, withApp } from '../app.mjs';

/** The move list as lines: each run of moves (main line or variation) with its depth. */
function treeLines(page) {
  return page.locator('.tree-list .tree-line').evaluateAll((lines) =>
    lines.map((l) => `${'  '.repeat(Number(l.dataset.depth))}${l.innerText.replace(/\s+/g, ' ').trim()}`),
  );
}

/** The move shown in the list. */
function current(page) {
  return page.locator('.tree-list .move.current').innerText();
}

/** Downloads the board's PDN. */
async function exported(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-export-download')]);
  assert.match(download.suggestedFilename(), /^tiers-checkers.*\.pdn$/);
  return readFileSync(await download.path(), 'utf8');
}

/** Presses keys with the focus on the page, not in the board or a text field. */
async function keys(page, ...names) {
  await page.locator('#analysis-title').click();
  for (const k of names) await page.keyboard.press(k);
}

const MAIN = ['1. 11-15 23-19', '  1... 22-18! Sharp, and sound. 2. 15x22 25x18', '  1... 24-20?!', '2. 8-11'];

test('a game with two variations and comments, built by clicks and keys, exported and imported into a fresh profile', async () => {
  await withApp({ viewport: { width: 1200, height: 900 } }, async (page, ctx) => {
    await startGame(page, { opponent: 'friend' });
    for (const m of ['11-15', '23-19', '8-11']) await playCheckers(page, m);
    await page.click('#analyse-game');
    await page.locator('#analysis-title').waitFor();
    assert.deepEqual(await treeLines(page), ['1. 11-15 23-19 2. 8-11']);
    assert.equal(await current(page), '8-11', 'opened at the move shown on the play screen');

    // Back two moves by keys, then another answer to 11-15 by clicks: a variation.
    await keys(page, 'ArrowLeft', 'ArrowLeft');
    assert.equal(await current(page), '11-15');
    await playCheckers(page, '22-18', 'analysis');
    await playCheckers(page, '15x22', 'analysis');
    await drag(page, checkersSquare(25), checkersSquare(18), 'analysis');
    await eventually(() => current(page), '25x18');
    // A third answer, from the list: 11-15 chosen there, 24-20 played.
    await page.locator('.tree-list .move', { hasText: /^11-15$/ }).click();
    await playCheckers(page, '24-20', 'analysis');
    assert.deepEqual(await treeLines(page), ['1. 11-15 23-19', '  1... 22-18 2. 15x22 25x18', '  1... 24-20', '2. 8-11']);
    // Up and down between the three answers to 11-15.
    await keys(page, 'ArrowUp');
    assert.equal(await current(page), '22-18');
    await keys(page, 'ArrowUp');
    assert.equal(await current(page), '23-19');
    await keys(page, 'ArrowDown', 'ArrowDown');
    assert.equal(await current(page), '24-20');
    await page.click('#analysis-nag-6');
    assert.equal(await page.locator('#analysis-nag-6').getAttribute('aria-pressed'), 'true');
    await keys(page, 'ArrowUp', 'ArrowRight', 'ArrowLeft');
    assert.equal(await current(page), '22-18');
    await page.click('#analysis-nag-1');
    await page.fill('#analysis-comment', 'Sharp, and   sound.');
    await page.keyboard.press('Tab');
    await eventually(() => treeLines(page), MAIN);
    // Promote the variation, then put the game's move back as the main line.
    await page.click('#analysis-promote');
    assert.deepEqual((await treeLines(page))[0], '1. 11-15 22-18! Sharp, and sound.');
    await page.locator('.tree-list .move', { hasText: /^23-19$/ }).click();
    await page.click('#analysis-main-line');
    assert.deepEqual(await treeLines(page), MAIN);
    // A move played and deleted leaves the tree as it was.
    await keys(page, 'End');
    assert.equal(await current(page), '8-11');
    const before = await treeLines(page);
    await playCheckers(page, '22-17', 'analysis');
    await page.click('#analysis-delete');
    assert.deepEqual(await treeLines(page), before);
    await still(page);
    await shot(page, 'analysis-desktop-dark');

    const pdn = await exported(page);
    assert.match(pdn, /\[GameType "21"\]/);
    assert.match(pdn.replace(/\s+/g, ' '), /1\. 11-15 23-19 \(1\.\.\. 22-18! \{Sharp, and sound\.\} 2\. 15x22 25x18\) \(1\.\.\. 24-20\?!\) 2\. 8-11 \*/);
    // Kept on the device.
    const kept = await storedJson(page, 'tiers.analysis', (v) => v?.pdn === pdn);
    assert.equal(kept.v, 1);

    // Another person's device: the file read on the games screen, opened on the board.
    const other = (await ctx.device({ viewport: { width: 1200, height: 900 } })).page;
    await other.goto(ctx.server.url + '/');
    await other.getByRole('heading', { name: /new game/i }).waitFor();
    await openNav(other, 'show-games');
    if (!(await other.locator('#import-text').isVisible())) await other.locator('.import-form summary').click();
    await other.fill('#import-text', pdn);
    await other.click('#import-read');
    await other.click('#archive-analyse');
    await other.locator('#analysis-title').waitFor();
    assert.deepEqual(await treeLines(other), MAIN);
    assert.equal(await exported(other), pdn, 'the same tree, written the same');
  });
});

test('a bad file keeps the tree and says why; on a phone in the light page, by keys', async () => {
  await withApp(PHONE, async (page) => {
    await openSettings(page);
    await page.click('#mode-light');
    await page.click('#close-settings');
    await openNav(page, 'show-analysis');
    await page.locator('#analysis-title').waitFor();
    await page.locator('.import-form summary').click();
    await page.fill('#analysis-import-text', '[Event "x"]\n1. 11-15 (22-18 {never closed');
    await page.click('#analysis-import-read');
    await page.locator('#analysis-message').waitFor();
    await page.fill('#analysis-import-text', '1. 11-15 {Old Fourteenth?} (1. 9-14 22-18 (22-17) 5-9) 23-19 *');
    await page.click('#analysis-import-read');
    assert.deepEqual(await treeLines(page), ['1. 11-15 Old Fourteenth?', '  1. 9-14 22-18', '    1... 22-17', '  2. 5-9', '1... 23-19']);
    // The keyboard alone: Home, right, down into the variation, a NAG by Enter.
    await keys(page, 'Home', 'ArrowRight', 'ArrowDown');
    assert.equal(await current(page), '9-14');
    await page.locator('#analysis-nag-1').focus();
    await page.keyboard.press('Enter');
    await eventually(() => treeLines(page).then((l) => l[1]), '  1. 9-14! 22-18');
    await noSideScroll(page, 'the analysis board on a phone');
    await still(page);
    await shot(page, 'analysis-phone-light');
  });
});
