// Practice from any position
// (docs/user-guide.md, "Practice from any position"): a position set up in
// the board editor is played against the computer at a chosen level, the
// coach's verdict on the person's move names the blunder and the better
// move (at the review's budget, so the same on any machine), and the game
// is a normal one: saved with its start position, filed in the archive
// when it ends. On a phone by keyboard too; screenshots in both page
// colours. From a review's position (the move before a blunder, played
// again) and from a solved puzzle's end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, PRACTICE_FEN, currentPuzzle, openNav, piecesOf, playCheckers, practiseWithVerdict, puzzleFile, resign, solvePuzzle, startGame,
  storedJson, waitForMoves, waitForTurn, withApp,
} from '../app.mjs';

for (const [size, options] of [['desktop', {}], ['phone', PHONE]]) {
  test(`practice from an editor position with the coach's verdict (${size})`, async () => {
    await withApp(options, async (page) => {
      await practiseWithVerdict(page);
      assert.equal(
        await page.locator('#verdict-text').innerText(),
        '22-18: Blunder. Better was 25-21.',
      );
      assert.equal(await page.locator('#judge').isDisabled(), true, 'one verdict per move');
      assert.match(await page.textContent('#status-text'), /Red to move: your turn/);
      const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.start === PRACTICE_FEN);
      assert.deepEqual(saved.game.opponent, { type: 'computer', level: 1, human: 'red' });
      await shot(page, `practice-verdict-${size}-dark`);
      await openNav(page, 'show-settings');
      await page.click('#mode-light');
      await page.click('#close-settings');
      await page.locator('#verdict-text').waitFor();
      await shot(page, `practice-verdict-${size}-light`);

      // A normal game: filed in the archive with its start position.
      await resign(page);
      const archive = await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
      assert.match(archive.games[0].pdn, /\[FEN "W:W22,25:B14"\]/);
      assert.match(archive.games[0].pdn, /\[Practice "editor"\]/);
    });
  });
}

test('practice from a position of a review: the move before the blunder, played again with a verdict', { timeout: 240_000 }, async () => {
  await withApp({}, async (page) => {
    // Red's 19-16 gives a man away (as in review.test.mjs).
    await startGame(page, { opponent: 'friend' });
    for (const mv of ['11-15', '23-19', '9-14', '19-16', '12x19']) await playCheckers(page, mv);
    await resign(page);
    await page.getByRole('dialog').waitFor();
    await page.click('#review-game');
    await page.locator('#review-counts').waitFor({ timeout: 120_000 });
    // The position before the blunder: Red to move.
    await page.locator('#review-graph circle[data-ply="3"]').click();
    assert.match(await page.locator('#analysis-caption').innerText(), /^After 9-14, Red to move/);
    await page.focus('#review-practise-level');
    await page.keyboard.press('Home');
    await page.click('#review-practise-red');
    await page.locator('.play .board').waitFor();
    const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.opponent?.type === 'computer');
    assert.deepEqual(saved.game.opponent, { type: 'computer', level: 1, human: 'red' });
    assert.deepEqual(saved.game.moves ?? [], [], 'the position is the start, no moves');
    // The blunder again, the computer's forced reply, the coach's verdict.
    await playCheckers(page, '19-16');
    await waitForMoves(page, 2);
    await page.click('#judge');
    await page.locator('#verdict-text.marked').waitFor({ timeout: 120_000 });
    assert.match(await page.locator('#verdict-text').innerText(), /^19-16: Blunder\. Better was \d+-\d+\.$/);
    await resign(page);
    const archive = await storedJson(page, 'tiers.archive', (v) => v?.games?.some((g) => /\[Practice "review"\]/.test(g.pdn)));
    const game = archive.games.find((g) => /\[Practice "review"\]/.test(g.pdn));
    assert.match(game.pdn, /\[FEN "[^"]+"\]/, 'with its start position');
  });
});

test("practice from a puzzle's end: the position after the solution, against the computer", { timeout: 240_000 }, async () => {
  await withApp({}, async (page) => {
    const file = puzzleFile('checkers');
    await openNav(page, 'show-puzzles');
    // Solve puzzles until one ends in a position where the game goes on.
    let id = null;
    for (let n = 0; n < 5 && id === null; n++) {
      const at = await currentPuzzle(page, 'checkers');
      await solvePuzzle(page, 'checkers', file.get(at), (sq) => page.locator(`#puzzle-${sq}`).click());
      if (await page.locator('#puzzle-practise').count()) id = at;
      else {
        await page.click('#puzzle-next');
        await page.waitForFunction((at) => !document.querySelector(`[data-puzzle="checkers/${at}"]`), at);
      }
    }
    assert.ok(id, 'a puzzle whose end can be played on');
    const red = (await page.locator('#puzzle-task').innerText()).startsWith('Red');
    const solver = red ? 'red' : 'black';
    const board = await piecesOf(page, solver, 'puzzle');
    await page.click(`#puzzle-practise-${solver}`);
    await page.locator('.play .board').waitFor();
    // The puzzle's end on the play screen, the person as the solver.
    assert.deepEqual((await piecesOf(page, solver)).sort(), board.sort());
    const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.opponent?.type === 'computer');
    assert.equal(saved.game.opponent.human, solver);
    if ((await waitForTurn(page, 60_000)) === 'mine') await resign(page);
    const archive = await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
    assert.match(archive.games[0].pdn, /\[Practice "puzzle"\]/);
  });
});
