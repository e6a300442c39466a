// A whole game of checkers against the computer, played by clicking: the
// person (Red) plays a legal move chosen at random (seeded, so the game is
// the same every run unless the engine changes); the computer plays at
// level 1. The game must end with the game-over dialog and a
// reason from the rule book.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { movesPlayed, playFirstLegal, seeded, startGame, status, still, waitForTurn, withApp } from '../app.mjs';

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
    await dialog.waitFor({ state: 'detached' });
    await still(page);
    await shot(page, 'checkers-final-position');
  });
});

test('a new game with a random colour: the board and the first move follow the colour drawn', async () => {
  await withApp({}, async (page) => {
    const seen = new Set();
    // Each game draws a colour; go on until both have come up (16 games
    // without one of them would happen once in 2^15 runs).
    for (let game = 1; seen.size < 2; game++) {
      assert.ok(game <= 16, `both colours come up in 16 games (only ${[...seen]})`);
      await startGame(page, { game: 'checkers', opponent: 'computer', level: 1, color: 'Random' });
      // The person's colour, as the strip names it: "You · Red".
      const you = page.locator('.player-strip', { hasText: 'You · ' });
      const color = (await you.innerText()).match(/You · (Red|Black)/)[1];
      seen.add(color);
      // The person's side is at the bottom: their strip under the board,
      // their home row (Red: rank 1, Black: rank 8) nearest to them.
      const board = await page.locator('.play .board').boundingBox();
      const strip = await you.boundingBox();
      assert.ok(strip.y > board.y + board.height / 2, `${color}'s strip is below the board`);
      const a1 = await page.locator('#play-a1').boundingBox();
      const h8 = await page.locator('#play-h8').boundingBox();
      assert.equal(a1.y > h8.y, color === 'Red', `${color} sees its own side at the bottom`);
      const flipped = /\bflipped\b/.test(await page.locator('.play .board').getAttribute('class'));
      assert.equal(flipped, color === 'Black', 'the board is turned round for Black');
      // Black moves first: the computer when the person is Red.
      assert.equal(await waitForTurn(page), 'mine');
      assert.equal(await movesPlayed(page), color === 'Red' ? 1 : 0);
      assert.match(await status(page), new RegExp(`^${color} to move: your turn\\.`));
      await still(page);
      await shot(page, `checkers-random-${color.toLowerCase()}`);
    }
  });
});
