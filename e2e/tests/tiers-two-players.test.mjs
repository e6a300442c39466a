// Two people on one device play Tiers: each sets up a formation (Red by
// clicking squares, Black by mirroring Red and dragging a man), both
// formations are on the board before play, and they play moves including
// captures, with the compulsory capture explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { drag, moveTexts, openLink, piecesOf, press, squaresWith, startGame, status, still, withApp } from '../app.mjs';

const RED = ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3', 'h3', 'a2', 'b2', 'g2', 'h2'];

test('two players set up Tiers formations and play captures', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'tiers', opponent: 'friend' });
    const validation = page.locator('#formation-validation');
    // Red's default is the checkers layout: valid.
    assert.equal(await validation.innerText(), "Red's formation is valid.");

    await page.getByRole('button', { name: 'Clear' }).click();
    assert.equal(await validation.innerText(), 'Place 12 more men');
    for (const [i, sq] of RED.entries()) {
      await press(page, sq, { board: 'formation' });
      if (i === 8) assert.equal(await validation.innerText(), 'Place 3 more men');
    }
    assert.equal(await validation.innerText(), "Red's formation is valid.");
    // A man outside the home rows is refused, live.
    await press(page, 'c4', { board: 'formation' });
    assert.match(await validation.innerText(), /c4 is outside Red's home rows \(ranks 1–3\)/);
    await shot(page, 'tiers-formation-invalid');
    assert.ok(await page.locator('#formation-ready').isDisabled());
    await press(page, 'c4', { board: 'formation' });
    assert.deepEqual((await piecesOf(page, 'red', 'formation')).sort(), [...RED].sort());
    await page.locator('#formation-ready').click();

    // Black's turn to set up: mirror Red's, then drag d6 back to d8.
    assert.equal(await page.locator('#edit-black').getAttribute('aria-pressed'), 'true');
    await page.getByRole('button', { name: 'Mirror other side' }).click();
    const mirrored = ['a6', 'b6', 'c6', 'd6', 'e6', 'f6', 'g6', 'h6', 'a7', 'b7', 'g7', 'h7'];
    assert.deepEqual((await piecesOf(page, 'black', 'formation')).sort(), mirrored.sort());
    await drag(page, 'd6', 'd8', 'formation');
    assert.equal(await page.locator('#formation-d6').getAttribute('aria-label'), 'd6, empty');
    assert.equal(await page.locator('#formation-d8').getAttribute('aria-label'), 'd8, black man');
    assert.equal(await validation.innerText(), "Black's formation is valid.");
    await page.locator('#formation-ready').click();
    // Both formations are on the board before the game starts.
    assert.equal((await piecesOf(page, 'red', 'formation')).length, 12);
    assert.equal((await piecesOf(page, 'black', 'formation')).length, 12);
    await shot(page, 'tiers-formations-both');
    await page.locator('#begin-tiers').click();

    await page.locator('.play .board').waitFor();
    assert.equal((await piecesOf(page, 'red')).length, 12);
    assert.equal((await piecesOf(page, 'black')).length, 12);
    assert.match(await status(page), /^Red to move\./);

    const play = async (...squares) => {
      for (const sq of squares) await press(page, sq);
    };
    await play('c3', 'c4');
    await play('e6', 'e5');
    await play('d3', 'd4');
    // Black must take: the capturing man is pointed out, and another move
    // is refused with the reason.
    assert.deepEqual(await squaresWith(page, 'highlight'), ['play-e5']);
    assert.match(await status(page), /A capture is compulsory/);
    await play('f6', 'f5');
    assert.match(await page.locator('#message').innerText(), /capture is compulsory: e5 must take/i);
    await shot(page, 'tiers-capture-compulsory');
    // A multi-jump, one landing square at a time: e5 takes d4 landing on
    // c3, must go on over b2 to a1, and is crowned there.
    await play('e5', 'c3');
    assert.deepEqual(await squaresWith(page, 'selected'), ['play-e5']);
    assert.deepEqual(await squaresWith(page, 'target'), ['play-a1']);
    await play('a1');
    assert.equal(await page.locator('#play-d4').getAttribute('aria-label'), 'd4, empty');
    assert.equal(await page.locator('#play-b2').getAttribute('aria-label'), 'b2, empty');
    assert.equal(await page.locator('#play-a1').getAttribute('aria-label'), 'a1, black king');
    await play('c4', 'c5');
    assert.deepEqual(await moveTexts(page), ['c3-c4', 'e6-e5', 'd3-d4', 'e5xc3xa1', 'c4-c5']);
    assert.equal((await piecesOf(page, 'red')).length, 10);
    assert.equal((await piecesOf(page, 'black')).length, 12);
    // Black's strip shows the two men it took.
    assert.equal(await page.locator('.player-black .taken').getAttribute('aria-label'), '2 pieces taken');
    assert.equal(await page.locator('.player-red .taken').getAttribute('aria-label'), '0 pieces taken');
    assert.match(await page.locator('#announce').innerText(), /Red played c4-c5/);
    await still(page);
    await shot(page, 'tiers-after-captures');
  });
});

/** A two-player Tiers game from `tfen`, opened as a share link. */
const link = (tfen) => `game=tiers&players=2&tfen=${encodeURIComponent(tfen)}`;

test("the ultra king's actions by drag: load, drop, teleport, consume", async () => {
  await withApp({}, async (page, { server }) => {
    // Red's ultra king on d4 next to its own king on c3; a black man in the corner.
    await openLink(page, server, link('7m/8/8/8/3U4/2K5/8/8 r 0 1'));
    const label = (sq) => page.locator(`#play-${sq}`).getAttribute('aria-label');
    // Load: the ultra king dragged onto the king beside it takes it on.
    await drag(page, 'd4', 'c3');
    assert.deepEqual(await moveTexts(page), ['d4<c3']);
    assert.equal(await label('d4'), 'd4, red ultra king carrying a king');
    assert.equal(await label('c3'), 'c3, empty');
    await drag(page, 'h8', 'h7');
    // Drop: dragged to an empty square, the ultra king puts the king down
    // there; on Red's home row the king becomes a triple king.
    await drag(page, 'd4', 'a1');
    assert.deepEqual(await moveTexts(page), ['d4<c3', 'h8-h7', 'd4>a1']);
    assert.equal(await label('a1'), 'a1, red triple king');
    assert.equal(await label('d4'), 'd4, red ultra king');
    await drag(page, 'h7', 'h6');
    // Teleport: carrying nothing, it goes to any empty square.
    await drag(page, 'd4', 'b7');
    assert.deepEqual(await moveTexts(page), ['d4<c3', 'h8-h7', 'd4>a1', 'h7-h6', 'd4-b7']);
    assert.equal(await label('b7'), 'b7, red ultra king');
    assert.equal(await label('d4'), 'd4, empty');
    await still(page);
    await shot(page, 'tiers-ultra-drag');

    // Consume: next to a black man, the ultra king must take it by moving onto it.
    await openLink(page, server, link('7m/8/8/4m3/3U4/8/8/8 r 0 1'));
    assert.deepEqual(await squaresWith(page, 'highlight'), ['play-d4']);
    await drag(page, 'd4', 'e5');
    assert.deepEqual(await moveTexts(page), ['d4xe5']);
    assert.equal(await label('e5'), 'e5, red ultra king');
    assert.equal(await label('d4'), 'd4, empty');
    assert.equal((await piecesOf(page, 'black')).length, 1);
    assert.match(await status(page), /^Black to move\./);
  });
});
