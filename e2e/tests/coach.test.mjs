// The coach on the play screen, as a person uses it: a checkers game
// started from a chosen three-move ballot (its moves cannot be taken
// back), a hint shown on the board and counted in the downloaded game, the
// evaluation bar following the game against the computer, hints turned
// off for a game, and the panel on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import { PHONE, moveTexts, noSideScroll, openNav, playFirstLegal, press, squareLabel, waitForTurn, withApp } from '../app.mjs';

/** Opens the new game screen with checkers between two players. */
async function twoPlayers(page) {
  await openNav(page, 'show-new-game');
  await page.locator('[data-game=checkers]').click();
  await page.getByRole('button', { name: 'Friend on this device' }).click();
}

/** The ids' squares (a1 … h8) of the board squares marked as the hint. */
function hintSquares(page) {
  return page.$$eval('[id^="play-"].square.zone', (els) => els.map((e) => e.id.split('-').pop()));
}

test('a ballot opening, a hint on the board, counted in the game file', async () => {
  await withApp({}, async (page) => {
    await twoPlayers(page);
    await page.locator('#opening').selectOption({ label: 'ACF 58: 9-14 24-20 11-16' });
    await page.locator('#start-game').click();
    await page.locator('.play .board').waitFor();
    assert.deepEqual(await moveTexts(page), ['9-14', '24-20', '11-16'], 'the ballot is played');
    assert.equal(await page.locator('#undo').isDisabled(), true, 'the ballot cannot be taken back');

    // A hint: the best move is tinted on the board and named.
    await page.locator('#hint').click();
    await page.locator('#hint-text', { hasText: /^Hint: \d+[-x]\d+/ }).waitFor({ timeout: 20_000 });
    const hint = (await page.locator('#hint-text').innerText()).replace('Hint: ', '');
    const marked = await hintSquares(page);
    assert.ok(marked.length >= 2, `the hint's squares are marked: ${marked}`);
    assert.equal(await page.locator('#hint').isDisabled(), true, 'one hint per position');
    await shot(page, 'coach-hint');
    // Playing the hinted move by its squares (Red's piece first) clears the hint.
    const labels = await Promise.all(marked.map((sq) => squareLabel(page, sq)));
    const order = marked.map((sq, i) => [sq, /, red /.test(labels[i]) ? 0 : 1]).sort((a, b) => a[1] - b[1]);
    for (const [sq] of order) {
      if ((await moveTexts(page)).length === 4) break;
      await press(page, sq);
    }
    const texts = await moveTexts(page);
    assert.equal(texts.length, 4);
    assert.equal(texts[3], hint, 'the hinted move was played');
    assert.equal(await page.locator('#hint-text').count(), 0);
    assert.equal(await page.locator('#undo').isDisabled(), false, 'a move after the ballot can be taken back');

    // The game file names the opening and counts the hints.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#game-export-download')]);
    const pdn = readFileSync(await download.path(), 'utf8');
    assert.match(pdn, /\[Opening "ACF 58: 9-14 24-20 11-16"\]/);
    assert.match(pdn, /\[Hints "1"\]/);
    assert.match(pdn, /1\. 9-14 24-20 2\. 11-16 /);
  });
});

test('the evaluation bar follows a game against the computer', async () => {
  await withApp({}, async (page) => {
    await page.getByRole('button', { name: /^new game$/i }).first().click();
    await page.locator('[data-game=checkers]').click();
    await page.getByRole('button', { name: 'Computer', exact: true }).click();
    await page.getByRole('button', { name: 'Play Black', exact: true }).click();
    await page.locator('#start-game').click();
    await page.locator('.play .board').waitFor();
    assert.equal(await page.locator('#eval').count(), 0, 'off by default against the computer');
    await page.locator('#eval-toggle').click();
    assert.equal(await page.locator('#eval-toggle').getAttribute('aria-pressed'), 'true');
    const evaluated = (side) =>
      page.locator('#eval-text', { hasText: new RegExp(`for ${side} \\(to move\\) · depth \\d+`) }).waitFor({ timeout: 20_000 });
    await evaluated('Black');
    await page.locator('#eval-line', { hasText: /^Best line: \d+[-x]\d+/ }).waitFor({ timeout: 20_000 });
    const share = Number(await page.locator('#eval-text').getAttribute('data-share'));
    assert.ok(share > 150 && share < 850, `about level at the start: ${share}`);
    await shot(page, 'coach-eval');
    // The line's second move: the line up to it drawn on the board as two
    // numbered arrows; pressed again, they go.
    await page.waitForFunction(() => document.querySelectorAll('#eval-line .pv-move').length >= 2, null, { timeout: 20_000 });
    // (A click event on the button itself: the line is still deepening and
    // may change, moving the buttons, between finding it and clicking.)
    await page.locator('#eval-line .pv-move').nth(1).dispatchEvent('click');
    const arrows = page.locator('.play .board .arrows g');
    await arrows.nth(1).waitFor();
    assert.equal(await arrows.count(), 2);
    assert.deepEqual(await page.locator('.play .board .arrows text').allTextContents(), ['1', '2']);
    assert.equal(await page.locator('#eval-line .pv-move[aria-pressed="true"]').count(), 2);
    await shot(page, 'coach-line-arrows');
    await page.locator('#eval-line .pv-move').nth(1).dispatchEvent('click');
    await page.locator('.play .board .arrows').waitFor({ state: 'detached' });
    // Two moves each: after each reply the new position is evaluated.
    for (let i = 0; i < 2; i++) {
      await playFirstLegal(page, 'black');
      assert.equal(await waitForTurn(page), 'mine');
      await evaluated('Black');
      const line = await page.locator('#eval-line').innerText().catch(() => '');
      assert.ok(line === '' || /^Best line: /.test(line));
    }
    // Turned off, the bar goes.
    await page.locator('#eval-toggle').click();
    assert.equal(await page.locator('#eval').count(), 0);
  });
});

test('hints turned off for a game, and the coach on a phone', async () => {
  await withApp(PHONE, async (page) => {
    await twoPlayers(page);
    await page.locator('#allow-hints').uncheck();
    await page.locator('#start-game').click();
    await page.locator('.play .board').waitFor();
    assert.equal(await page.locator('#hint').count(), 0, 'no hint button when hints are off');
    await page.locator('#eval-toggle').tap();
    await page.locator('#eval-text', { hasText: /for Black \(to move\)/ }).waitFor({ timeout: 20_000 });
    await noSideScroll(page, 'the coach on a phone');
    await shot(page, 'coach-phone');
    // The choice is kept for the next game.
    await openNav(page, 'show-new-game', { tap: true });
    assert.equal(await page.locator('#allow-hints').isChecked(), false);
    await page.locator('#allow-hints').check();
  });
});
