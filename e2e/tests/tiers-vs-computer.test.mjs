// Tiers against the computer, playing Black: the person picks a preset
// and then a random formation, the computer reveals its own when the person
// is ready, both are on the board, and Red (the computer) moves first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { movesPlayed, piecesOf, playFirstLegal, seeded, startGame, status, still, waitForTurn, withApp } from '../app.mjs';

test('Tiers against the computer as Black: presets, random, reveal, play', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'tiers', opponent: 'computer', level: 2, color: 'Black' });
    // Black is seen from its own side; the computer's side is still empty.
    assert.equal(await page.locator('#edit-black').getAttribute('aria-pressed'), 'true');
    assert.equal((await piecesOf(page, 'red', 'formation')).length, 0);
    assert.match(await page.locator('#formation-status-red').innerText(), /chooses its formation when you are ready/);
    assert.ok(await page.locator('.formation .board.flipped').count());

    // A preset: Fortress is all of rank 8 and the middle four of rank 7.
    await page.getByRole('combobox', { name: 'Preset formations' }).selectOption('Fortress');
    assert.deepEqual(
      (await piecesOf(page, 'black', 'formation')).sort(),
      ['a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8', 'c7', 'd7', 'e7', 'f7'].sort(),
    );
    // Random: twelve men on the home rows, different from before.
    const before = (await piecesOf(page, 'black', 'formation')).sort();
    await page.getByRole('button', { name: 'Random' }).click();
    const random = (await piecesOf(page, 'black', 'formation')).sort();
    assert.equal(random.length, 12);
    assert.ok(random.every((sq) => Number(sq[1]) >= 6), `home rows only: ${random}`);
    assert.notDeepEqual(random, before);
    assert.equal(await page.locator('#formation-validation').innerText(), "Black's formation is valid.");

    await page.locator('#formation-ready').click();
    // The computer reveals its formation, on the board and in words.
    assert.match(await page.locator('#formation-note').innerText(), /^The computer has revealed its formation: it chose /);
    assert.equal((await piecesOf(page, 'red', 'formation')).length, 12);
    assert.deepEqual((await piecesOf(page, 'black', 'formation')).sort(), random);
    await shot(page, 'tiers-vs-computer-revealed');
    await page.locator('#begin-tiers').click();

    // Red, the computer, moves first.
    assert.equal(await waitForTurn(page), 'mine');
    assert.equal(await movesPlayed(page), 1);
    assert.match(await status(page), /^Black to move: your turn\./);
    const pick = seeded(7);
    for (let i = 0; i < 4; i++) {
      await playFirstLegal(page, 'black', { pick });
      if ((await waitForTurn(page)) === 'over') break;
    }
    assert.ok((await movesPlayed(page)) >= 9);
    await still(page);
    await shot(page, 'tiers-vs-computer-play');
  });
});
