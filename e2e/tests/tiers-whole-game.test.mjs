// Tiers against the computer from start to end: the person (Red, the
// default formation) plays legal moves picked among the board's marked
// targets until the game-over dialog; and a Tiers game in progress
// survives a reload of the page (same position, same moves, still
// playable).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  boardLabels, gameOver, moveTexts, movesPlayed, piecesOf, playFirstLegal, seeded, startGame, status, still,
  waitForTurn, withApp,
} from '../app.mjs';

/** Starts Tiers against the computer at level 1, both sides in their default formation. */
async function startTiers(page) {
  await startGame(page, { game: 'tiers', opponent: 'computer', level: 1, color: 'Red' });
  await page.locator('#formation-ready').click();
  await page.locator('#begin-tiers').click();
  await page.locator('.play .board').waitFor();
  // Red, the person, moves first.
  assert.match(await status(page), /^Red to move: your turn\./);
}

test('a whole Tiers game against the computer, to the game-over dialog', { timeout: 240_000 }, async () => {
  await withApp({}, async (page) => {
    await startTiers(page);
    const pick = seeded(11);
    let turns = 0;
    while ((await waitForTurn(page)) === 'mine') {
      await playFirstLegal(page, 'red', { pick });
      turns += 1;
      if (turns === 12) await shot(page, 'tiers-whole-game-middle');
      assert.ok(turns < 300, 'the game ends within 300 moves of the person');
    }
    const [title, reason] = await gameOver(page);
    const plies = await movesPlayed(page);
    console.log(`Tiers game over after ${plies} plies: ${title}, ${reason}`);
    assert.ok(plies >= 10, `a real game was played (${plies} plies)`);
    // The dialog, the status line and the board tell one story.
    const text = await status(page);
    const won = reason.match(/^(Red|Black) has no (legal move|pieces left)\.$/);
    if (won) {
      const loser = won[1];
      const winner = loser === 'Red' ? 'Black' : 'Red';
      assert.equal(title, loser === 'Red' ? 'You lost' : 'You won!');
      assert.equal(text, `${winner} wins: ${reason}`);
      if (won[2] === 'pieces left') assert.deepEqual(await piecesOf(page, loser.toLowerCase()), []);
    } else {
      assert.match(reason, /^(Threefold repetition|100 plies without a capture)\.$/);
      assert.equal(title, 'Draw');
      assert.equal(text, `Draw: ${reason[0].toLowerCase()}${reason.slice(1)}`);
    }
    await still(page);
    await shot(page, 'tiers-whole-game-over');
  });
});

test('a Tiers game in progress survives a reload', async () => {
  await withApp({}, async (page) => {
    await startTiers(page);
    const pick = seeded(5);
    for (let i = 0; i < 3; i++) {
      await playFirstLegal(page, 'red', { pick });
      assert.equal(await waitForTurn(page), 'mine');
    }
    const moves = await moveTexts(page);
    assert.equal(moves.length, 6);
    const position = await boardLabels(page);
    const said = await status(page);

    await page.reload();
    await page.locator('.play .board').waitFor();
    assert.deepEqual(await moveTexts(page), moves, 'the same moves');
    assert.deepEqual(await boardLabels(page), position, 'the same position');
    assert.equal(await status(page), said);
    assert.match(said, /^Red to move: your turn\./);
    await still(page);
    await shot(page, 'tiers-reloaded');
    // Still playable: a move, and the computer replies.
    const mine = await playFirstLegal(page, 'red', { pick });
    assert.equal(await waitForTurn(page), 'mine');
    const after = await moveTexts(page);
    assert.deepEqual(after.slice(0, 7), [...moves, mine]);
    assert.equal(after.length, 8);
  });
});
