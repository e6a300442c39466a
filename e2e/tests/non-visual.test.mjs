// The non-visual mode, as a blind player uses it: the mode turned on in
// Settings, then whole games played only by typing in the move box (and
// the formation box) and reading only what the live regions say: a
// checkers game against the computer from the start to its end, and a
// Tiers game whose formation is typed too. Every move, the person's and
// the computer's, is heard in words; an illegal move is refused with the
// engine's reason; the commands read the position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { openNav, startGame, withApp } from '../app.mjs';

/** Turns the non-visual mode on in Settings (by keyboard: the check box), and comes back. */
async function nonVisual(page) {
  await openNav(page, 'show-settings');
  await page.locator('#non-visual').check();
  await page.waitForFunction(() => document.documentElement.classList.contains('non-visual'));
  await page.click('#close-settings');
}

/** Starts recording every text the live regions `selectors` say, in order (`window.heard`). */
async function listen(page, selectors) {
  await page.evaluate((selectors) => {
    window.heard = [];
    for (const s of selectors) {
      const region = document.querySelector(s);
      new MutationObserver(() => {
        const text = region.textContent.trim();
        if (text) window.heard.push(text);
      }).observe(region, { childList: true, subtree: true, characterData: true });
    }
  }, selectors);
}

/** Types `text` in the box `#<id>-move-input` and presses Enter. */
async function send(page, id, text) {
  const input = page.locator(`#${id}-move-input`);
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the live regions say, after the `from`th thing heard, something that matches `pattern`; returns it. */
async function hear(page, from, pattern = /./) {
  const handle = await page.waitForFunction(
    ([from, source]) => window.heard.slice(from).find((t) => new RegExp(source).test(t)),
    [from, pattern.source],
    { timeout: 60_000 },
  );
  return handle.jsonValue();
}

/** How many things the live regions have said so far. */
const heardSoFar = (page) => page.evaluate(() => window.heard.length);

/** Types `text` (and Enter); returns the first thing said after it that matches `pattern`. */
async function type(page, id, text, pattern = /./) {
  const from = await heardSoFar(page);
  await send(page, id, text);
  return hear(page, from, pattern);
}

/** The end of a game, as announced ("Black wins: …", "Draw: …"). */
const END = /(Red|Black) wins: |Draw: /;

/**
 * Plays to the end by typing, as `me` against the computer: each turn asks
 * for the legal moves (`v`) and plays one of them; returns what was heard
 * last and the number of moves typed.
 */
async function playOut(page, me, { maxMoves = 150 } = {}) {
  const them = me === 'Red' ? 'Black' : 'Red';
  for (let n = 0; n < maxMoves; n++) {
    const mark = await heardSoFar(page);
    const turn = await type(page, 'play', 't');
    if (turn.startsWith('The game is over')) return { last: turn, moves: n };
    if (!turn.includes('your turn')) {
      await hear(page, mark, new RegExp(`^${them} played `));
      continue;
    }
    const legal = await type(page, 'play', 'v');
    assert.match(legal, /^Legal moves: /);
    const moves = legal.replace(/^Legal moves: /, '').replace(/\.$/, '').split(', ');
    // Vary the choice, reproducibly: the move count picks.
    const move = moves[(n * 7) % moves.length];
    const before = await heardSoFar(page);
    const said = await type(page, 'play', move);
    assert.ok(said.startsWith(`${me} played ${move}: `), `typed ${move}, heard: ${said}`);
    if (END.test(said)) return { last: said, moves: n + 1 };
    const answer = await hear(page, before + 1, new RegExp(`^${them} played `));
    assert.match(answer, new RegExp(`^${them} played \\S+: [a-z][a-z ]* from \\w+ to \\w+`));
    if (END.test(answer)) return { last: answer, moves: n + 1 };
  }
  throw new Error(`no end after ${maxMoves} moves`);
}

test('a checkers game against the computer, played and heard only through the move box', { timeout: 900_000 }, async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', level: 8, color: 'Red' });
    // Turned on during the game: the drawn board gives way to the board as text.
    await nonVisual(page);
    await page.locator('#play-text-board').waitFor();
    assert.equal(await page.locator('.play .board').isVisible(), false);
    const text = await page.locator('#play-text-board pre').innerText();
    assert.match(text, /^8 \. b \. b \. b \. b$/m);
    // Black (the computer) opens; its move is said in words.
    await page.waitForFunction(() => /^Black played /.test(document.querySelector('#announce').textContent));
    const first = await page.locator('#announce').textContent();
    assert.match(first, /^Black played \d+-\d+: man from \d+ to \d+\.$/);
    await listen(page, ['#announce']);
    assert.match(await type(page, 'play', 'h'), /^Type a move/);
    assert.equal(await type(page, 'play', 'l'), first, 'the last move, again');
    assert.match(await type(page, 'play', 'p'), /^Red has 12 pieces: man on 21, man on 22, /);
    assert.equal(await type(page, 'play', 'r 1'), 'Row 1: 29 red man, 30 red man, 31 red man, 32 red man.');
    assert.equal(await type(page, 'play', 's 22'), '22 (c3), red man.');
    assert.equal(await type(page, 'play', 'm'), 'Red: 12 men. Black: 12 men. Material is even.');
    assert.equal(await type(page, 'play', 'c'), 'This game has no clocks.');
    // An illegal move is refused with the engine's reason.
    const refused = await type(page, 'play', '22-26');
    assert.match(refused, /^22-26 cannot be played: ./);
    assert.equal(await page.locator('#message').innerText(), refused);
    const { last, moves } = await playOut(page, 'Red');
    assert.match(last, END);
    assert.ok(moves > 3, `${moves} moves typed`);
    // The game-over dialog takes the focus; Escape closes it, and the box
    // still reads the final position.
    await page.getByRole('dialog').waitFor();
    await shot(page, 'non-visual-checkers-over');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.match(await type(page, 'play', 't'), /^The game is over: /);
    assert.match(await type(page, 'play', '9-13'), /^The game is over: /);
  });
});

test('a Tiers game against the computer: the formation typed, the game played by typing', { timeout: 900_000 }, async () => {
  await withApp({}, async (page) => {
    await nonVisual(page);
    await startGame(page, { game: 'tiers', level: 8, color: 'Red' });
    assert.equal(await page.locator('.formation .board').isVisible(), false);
    await listen(page, ['.formation-notes', '#formation-validation']);
    assert.match(await type(page, 'formation', 'clear'), /^Red has no men placed\./);
    // Ten men, then two more: the validation says what is missing, then that it is valid.
    const ten = await type(page, 'formation', 'a1 b1 c1 d1 e1 f1 g1 h1 a2 h2', /^Red's men/);
    assert.equal(ten, "Red's men (10 of 12): a1, b1, c1, d1, e1, f1, g1, h1, a2, h2.");
    assert.match(await page.locator('#formation-validation').innerText(), /Place 2 more men/);
    await type(page, 'formation', 'd3 e3', /^Red's men \(12 of 12\)/);
    assert.match(await type(page, 'formation', 'z9'), /^z9 is not a square/);
    assert.match(await type(page, 'formation', 'ready'), /^The computer has revealed its formation: it chose /);
    await send(page, 'formation', 'start');
    await page.locator('#play-text-board').waitFor();
    await listen(page, ['#announce']);
    assert.match(await type(page, 'play', 's e3'), /^e3, red man\.$/);
    assert.match(await type(page, 'play', 'p black'), /^Black has 12 pieces: man on /);
    // Red moves first in Tiers.
    const refused = await type(page, 'play', 'a1-a2');
    assert.match(refused, /^a1-a2 cannot be played: ./);
    const { last, moves } = await playOut(page, 'Red');
    assert.match(last, END);
    assert.ok(moves > 3, `${moves} moves typed`);
    await shot(page, 'non-visual-tiers-over');
  });
});
