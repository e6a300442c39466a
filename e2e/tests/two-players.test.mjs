// Two people on one device: a move by drag and drop, the board turned
// round, a draw offered, declined, offered again and accepted, the result
// taken back, and a resignation — each ending in the game-over dialog
// with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { drag, moveTexts, press, startGame, status, withApp } from '../app.mjs';

test('two players: drag and drop, flip, draw offer, resignation', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    assert.match(await status(page), /^Black to move\.$/);
    // Drag and drop: 11-15 (f6 to e5), then Red 22-18 (c3 to d4).
    await drag(page, 'f6', 'e5');
    await drag(page, 'c3', 'd4');
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
    // A drop on a square the piece cannot reach is refused and explained.
    await drag(page, 'b6', 'b4');
    assert.match(await page.locator('#message').innerText(), /capture is compulsory: 15 must take/i);
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
    // Flip: Black at the bottom, square 1 (b8) bottom right.
    const box = async (sq) => (await page.locator(`#play-${sq}`).boundingBox()).y;
    assert.ok((await box('a1')) > (await box('a8')));
    await page.locator('#flip').click();
    assert.ok((await box('a1')) < (await box('a8')));
    await page.locator('#flip').click();

    // Black offers a draw; Red declines; the game goes on.
    await page.locator('#offer-draw').click();
    const offer = page.getByRole('group', { name: 'Draw offer' });
    assert.match(await offer.innerText(), /Black offers a draw\. Red, do you accept\?/);
    await page.locator('#decline-draw').click();
    assert.equal(await offer.count(), 0);
    await press(page, 'e5');
    await press(page, 'c3');
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18', '15x22']);
    // The capturing piece slides from e5 to c3 (Web Animations on its drawing).
    const sliding = await page.evaluate(() =>
      document.getAnimations().filter((a) => a.effect?.target?.closest?.('.piece.sliding')).length);
    assert.ok(sliding >= 1, 'the moved piece is animated');

    // Red offers, Black accepts: a draw by agreement.
    await page.locator('#offer-draw').click();
    await page.locator('#accept-draw').click();
    const dialog = page.getByRole('dialog');
    assert.equal(await dialog.getByRole('heading').innerText(), 'Draw');
    assert.equal(await dialog.locator('.reason').innerText(), 'Draw agreed.');
    await shot(page, 'two-players-draw-agreed');
    // Taken back from the dialog: the game goes on, Red to move.
    await dialog.getByRole('button', { name: 'Take back' }).click();
    assert.equal(await dialog.count(), 0);
    assert.match(await status(page), /^Red to move\./);

    // Red resigns (a second click confirms): Black wins.
    await page.locator('#resign').click();
    assert.match(await page.locator('#resign').innerText(), /Sure\? Resign/);
    assert.equal(await dialog.count(), 0);
    await page.locator('#resign').click();
    assert.equal(await dialog.getByRole('heading').innerText(), 'Black wins');
    assert.equal(await dialog.locator('.reason').innerText(), 'Red resigned.');
    await shot(page, 'two-players-resigned');
    await dialog.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('heading', { name: 'New game' }).waitFor();
  });
});
