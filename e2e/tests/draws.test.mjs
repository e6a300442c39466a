// The draw rules end a game with the game-over dialog: threefold repetition
// (the same position with the same side to move a third time) and 100
// plies without a capture. Both are reached quickly from share links with
// two kings only (a TFEN carries the ply counter), the last moves played by
// clicks; the finished game goes to the archive with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { gameOver, moveTexts, openLink, press, status, still, withApp } from '../app.mjs';

/** Red's king on b4, Black's on g5, far apart: neither can take. */
const KINGS = '8/8/8/6k1/1K6/8/8/8';

/** A Tiers game for two players from `tfen`, opened as a share link. */
const link = (tfen) => `game=tiers&players=2&tfen=${encodeURIComponent(tfen)}`;

/** Plays Tiers steps such as `b4-b5` by clicking their two squares. */
async function steps(page, ...moves) {
  for (const m of moves) {
    const [from, to] = m.split('-');
    await press(page, from);
    await press(page, to);
  }
}

test('threefold repetition ends the game with the dialog', async () => {
  await withApp({}, async (page, { server }) => {
    await openLink(page, server, link(`${KINGS} r 0 1`));
    const dialog = page.getByRole('dialog');
    const there = ['b4-b5', 'g5-g4'];
    const back = ['b5-b4', 'g4-g5'];
    // The start position a second time (Red to move): the game goes on.
    await steps(page, ...there, ...back);
    assert.equal(await status(page), 'Red to move.');
    // Plies 5-7 repeat plies 1-3, each position a second time only.
    await steps(page, ...there, back[0]);
    assert.equal(await status(page), 'Black to move.');
    assert.equal(await dialog.count(), 0);
    // Ply 8: the start position (Red to move) for the third time.
    await steps(page, back[1]);
    assert.deepEqual(await gameOver(page), ['Draw', 'Threefold repetition.']);
    assert.equal(await status(page), 'Draw: threefold repetition.');
    assert.deepEqual(await moveTexts(page), [...there, ...back, ...there, ...back]);
    await still(page);
    await shot(page, 'draw-threefold-repetition');

    // The board takes no more moves; the game is in the archive.
    await dialog.getByRole('button', { name: 'Look at the board' }).click();
    await dialog.waitFor({ state: 'detached' });
    await press(page, 'b4');
    assert.equal(await page.locator('.square.selected').count(), 0);
    await page.locator('#show-games').click();
    const item = page.locator('.archive-item').first();
    await item.waitFor();
    assert.match(await item.innerText(), /Tiers · Red vs Black[\s\S]*Draw: threefold repetition[\s\S]*8 moves · 1\/2-1\/2/);
  });
});

test('100 plies without a capture end the game with the dialog', async () => {
  await withApp({}, async (page, { server }) => {
    // 98 plies without a capture already: two more moves make 100.
    await openLink(page, server, link(`${KINGS} r 98 50`));
    const dialog = page.getByRole('dialog');
    assert.equal(await status(page), 'Red to move.');
    await steps(page, 'b4-c5');
    assert.equal(await status(page), 'Black to move.');
    assert.equal(await dialog.count(), 0, 'no draw after 99 plies');
    await steps(page, 'g5-f6');
    assert.deepEqual(await gameOver(page), ['Draw', '100 plies without a capture.']);
    assert.equal(await status(page), 'Draw: 100 plies without a capture.');
    assert.deepEqual(await moveTexts(page), ['b4-c5', 'g5-f6']);
    await still(page);
    await shot(page, 'draw-100-plies');
    // The move list numbers the moves from the position's move number, as
    // the record does.
    assert.equal(await page.locator('.move-list .move-no').first().innerText(), '50.');
    // Taking back the last move from the dialog reopens the game.
    await dialog.getByRole('button', { name: 'Take back' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await status(page), 'Black to move.');
  });
});
