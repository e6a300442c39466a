// A whole game of checkers against the computer, played by clicking: the
// person (Red) plays a legal move chosen at random (seeded, so the game is
// the same every run unless the engine changes); the computer plays at
// level 1. The game must end with the game-over dialog and a
// reason from the rule book.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { movesPlayed, playFirstLegal, seeded, startGame, status, waitForTurn, withApp } from '../app.mjs';

const REASONS = /has no legal move|has no pieces left|threefold repetition|100 plies without a capture/;

test('a whole checkers game against the computer, to its end', { timeout: 300_000 }, async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 1, color: 'Red' });
    await shot(page, 'checkers-start');
    const pick = seeded(2024);
    let turns = 0;
    for (;;) {
      const who = await waitForTurn(page);
      if (who === 'over') break;
      if (turns === 0) {
        // Black (the computer) moved first.
        assert.equal(await movesPlayed(page), 1);
        assert.match(await status(page), /^Red to move: your turn\./);
      }
      await playFirstLegal(page, 'red', { pick });
      turns += 1;
      if (turns === 10) await shot(page, 'checkers-middlegame');
      assert.ok(turns < 200, 'the game ends');
    }
    const dialog = page.getByRole('dialog');
    await shot(page, 'checkers-game-over');
    const title = await dialog.getByRole('heading').innerText();
    assert.match(title, /^(You won!|You lost|Draw)$/);
    const reason = await dialog.locator('.reason').innerText();
    assert.match(reason, REASONS);
    // The status line says the same, and the board takes no more moves.
    assert.match(await status(page), REASONS);
    const plies = await movesPlayed(page);
    assert.ok(plies >= 10, `a real game was played (${plies} plies)`);
    console.log(`game over after ${plies} plies: ${title}, ${reason}`);
    // Closing the dialog leaves the final position on view.
    await dialog.getByRole('button', { name: 'Look at the board' }).click();
    await assert.rejects(dialog.waitFor({ timeout: 500 }));
    await shot(page, 'checkers-final-position');
  });
});
