// Taking back moves: against the computer, "Take back" undoes the
// person's move and the computer's reply; the taken-back moves stay in the
// list (greyed) and Redo plays them again. Clicking a move shows the
// position after it; a new game ignores the computer's pending reply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { moveTexts, movesPlayed, playFirstLegal, press, startGame, status, waitForTurn, withApp } from '../app.mjs';

test('undo and redo against the computer, and looking at earlier positions', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 2, color: 'Red' });
    await waitForTurn(page);
    // Only the computer's first move is on the board: nothing of ours to take back.
    assert.equal(await movesPlayed(page), 1);
    assert.ok(await page.locator('#undo').isDisabled());
    const first = await moveTexts(page);

    await playFirstLegal(page, 'red');
    await waitForTurn(page);
    await playFirstLegal(page, 'red');
    await waitForTurn(page);
    assert.equal(await movesPlayed(page), 5);
    const five = await moveTexts(page);

    await page.locator('#undo').click();
    // Our last move and the computer's reply are taken back.
    assert.equal(await movesPlayed(page), 3);
    assert.deepEqual(await moveTexts(page), five.slice(0, 3));
    assert.equal(await page.locator('.move-list .move.undone').count(), 2);
    assert.match(await status(page), /^Red to move: your turn\./);
    assert.equal(await page.locator('#announce').innerText(), 'Move taken back.');
    await shot(page, 'undo-taken-back');

    await page.locator('#redo').click();
    assert.deepEqual(await moveTexts(page), five);
    assert.ok(await page.locator('#redo').isDisabled());

    await page.locator('#undo').click();
    await page.locator('#undo').click();
    assert.deepEqual(await moveTexts(page), first);
    assert.ok(await page.locator('#undo').isDisabled());
    // A different move after taking back replaces the old continuation.
    await playFirstLegal(page, 'red');
    await waitForTurn(page);
    assert.equal(await movesPlayed(page), 3);
    assert.equal(await page.locator('.move-list .move.undone').count(), 0);

    // Clicking a move in the list shows the position after it; the board
    // comes back to the game with ▶| or a click on it.
    const before = await page.locator('#play-e5').getAttribute('aria-label');
    await page.locator('.move-list .move[data-ply="1"]').click();
    assert.match(await status(page), /Looking at the position after move 1/);
    assert.equal(await page.locator('.move-list .move.current').getAttribute('data-ply'), '1');
    await shot(page, 'undo-viewing-move-1');
    await page.locator('#view-current').click();
    assert.match(await status(page), /your turn/);
    await page.locator('.move-list .move[data-ply="2"]').click();
    await press(page, 'e5');
    assert.match(await status(page), /your turn/);
    assert.equal(await page.locator('#play-e5').getAttribute('aria-label'), before);
  });
});

test('a reply still on its way is ignored after a new game', async () => {
  await withApp({}, async (page) => {
    // The computer (Black) moves first and thinks for a few seconds at level 8.
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 8, color: 'Red' });
    await page.locator('#thinking').waitFor();
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    assert.equal(await movesPlayed(page), 0);
    assert.match(await status(page), /^Black to move\./);
    // At once a new game against the computer, playing Black: our first
    // move's question to the computer waits in its worker behind the first
    // search, so the old answer (a Black opening move) arrives before the
    // answer to it and must be dropped: taken for Red's reply it would be
    // illegal.
    await startGame(page, { game: 'checkers', opponent: 'computer', level: 1, color: 'Black' });
    await press(page, 'f6');
    await press(page, 'e5');
    assert.equal(await waitForTurn(page), 'mine');
    const [mine, reply] = await moveTexts(page);
    assert.equal(mine, '11-15');
    // Red's men stand on 21-32: its first move starts from one of them.
    assert.match(reply, /^(2[1-9]|3[0-2])-/, `Red's reply ${reply}`);
    assert.equal(await movesPlayed(page), 2);
    assert.match(await status(page), /^Black to move: your turn\./);
    assert.equal(await page.locator('#message').count(), 0, 'no complaint about a move');
    await shot(page, 'undo-old-reply-dropped');
  });
});
