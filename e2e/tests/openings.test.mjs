// The opening trainer (checkers) as a person uses it: reached from the
// Puzzles screen and the new game screen, three ballots chosen, Red's moves
// of each line found (the first one with the keyboard only, the others by
// clicks or taps), one item answered wrongly (refused, the expected move
// drawn as an arrow and named), which comes back before the one answered
// well; the progress kept after a reload; a damaged lines file named with a
// way to try again. The lines are read from the build's own file.
// Screenshots: target/screenshots/openings-*.png (phone and desktop, dark
// and light).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, shot } from '../harness.mjs';
import { PHONE, openNav, openSettings, playCheckers, squaresOf, still, storedJson, withApp } from '../app.mjs';

/** The build's lines file: number → { ballot, line }. */
function linesFile() {
  const out = new Map();
  for (const row of readFileSync(join(DIST, 'data/openings/checkers.txt'), 'utf8').split('\n')) {
    if (!row.trim() || row.startsWith('#')) continue;
    const [n, ballot, line] = row.split('|').map((f) => f.trim());
    out.set(Number(n), { ballot, line: line.split(/\s+/) });
  }
  return out;
}

const LINES = linesFile();

/** The ballot on the board (its ACF number), once the item shows. */
async function ballotShown(page) {
  const text = await page.locator('#openings-ballot').innerText();
  return Number(text.match(/^ACF (\d+):/)[1]);
}

/** Waits until the line's move `step` is the next to play. */
async function atStep(page, step) {
  await page.locator(`.puzzle-board[data-step="${step}"]`).waitFor();
}

/** Plays Red's moves of the line on the board (Red moves first after a ballot). */
async function playLine(page, number, play, from = 0) {
  const { line } = LINES.get(number);
  for (let i = from; i < line.length; i += 2) {
    await atStep(page, i);
    await play(line[i]);
  }
  await page.locator('#openings-result').waitFor();
}

/** The accessible name of the square under the keyboard cursor. */
function cursor(page) {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.getAttribute('aria-label') : null;
  });
}

/** Moves the keyboard cursor onto a square by where it is drawn, then presses Enter. */
async function keyTo(page, sq) {
  const target = await page.locator(`#openings-${sq}`).boundingBox();
  for (let i = 0; i < 16; i++) {
    const now = (await cursor(page)).match(/([a-h][1-8])\)?,/)[1];
    if (now === sq) break;
    const box = await page.locator(`#openings-${now}`).boundingBox();
    const dx = target.x - box.x;
    const dy = target.y - box.y;
    if (Math.abs(dx) > box.width / 2) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  await page.keyboard.press('Enter');
}

test('an item answered wrongly comes back before one answered well; the progress survives a reload', async () => {
  await withApp({}, async (page) => {
    // From the Puzzles screen.
    await openNav(page, 'show-puzzles');
    await page.click('#show-openings');
    await page.locator('#openings-ballot').waitFor();
    assert.equal(await ballotShown(page), 1);
    assert.equal(await page.locator('#openings-ballot').innerText(), `ACF 1: ${LINES.get(1).ballot}`);
    assert.equal(await page.locator('#openings-item-state').innerText(), 'A new opening');
    assert.equal(await page.locator('#openings-counts').innerText(), `Due now: 0 · new: ${LINES.size} · learned: 0 of ${LINES.size}`);
    // Three ballots: "chosen" starts from the one on the board.
    await page.click('#openings-ballots summary');
    await page.click('#openings-chosen');
    await page.click('#openings-ballot-2');
    await page.click('#openings-ballot-4');
    await page.locator('#openings-counts', { hasText: 'of 3' }).waitFor();
    assert.match(await page.locator('#openings-ballots summary').innerText(), /Chosen ballots \(3\)/);
    await still(page);
    await shot(page, 'openings-desktop-dark');

    // Ballot 1 answered well, its first move with the keyboard only.
    const first = LINES.get(1).line[0];
    await page.locator('.puzzle-board [role="grid"]').focus();
    for (const sq of squaresOf('checkers', first)) await keyTo(page, sq);
    await atStep(page, 2);
    await playLine(page, 1, (mv) => playCheckers(page, mv, 'openings'), 2);
    assert.equal(await page.locator('#openings-result p').innerText(), 'Well played: you know this line. It will come back later.');
    await page.click('#openings-next');

    // Ballot 2: a wrong first move is refused, the line's shown.
    await page.locator('.puzzle-board[data-item="2/red"]').waitFor();
    const want = LINES.get(2).line[0];
    const wrong = want === '22-18' ? '24-20' : '22-18';
    await playCheckers(page, wrong, 'openings');
    await page.locator('#openings-note').waitFor();
    assert.equal(
      await page.locator('#openings-note').innerText(),
      `${wrong} is not the line. The move to play is ${want} (the arrow): play it to go on.`,
    );
    assert.equal(await page.locator('.puzzle-board .arrows g').count(), 1, 'the expected move as an arrow');
    assert.equal(await page.locator('.puzzle-board').getAttribute('data-step'), '0', 'taken back');
    await still(page);
    await shot(page, 'openings-wrong-desktop-dark');
    await playLine(page, 2, (mv) => playCheckers(page, mv, 'openings'));
    assert.equal(await page.locator('.puzzle-board .arrows').count(), 0);
    assert.match(await page.locator('#openings-result p').innerText(), /^Line played. It will come back soon/);
    await page.click('#openings-next');

    // Ballot 4 (new) answered well; then ballot 2 comes back before ballot 1.
    await page.locator('.puzzle-board[data-item="4/red"]').waitFor();
    await playLine(page, 4, (mv) => playCheckers(page, mv, 'openings'));
    await page.click('#openings-next');
    await page.locator('.puzzle-board[data-item="2/red"]').waitFor();
    assert.equal(await page.locator('#openings-item-state').innerText(), 'Answered wrongly last time');
    assert.equal(await page.locator('#openings-counts').innerText(), 'Due now: 1 · new: 0 · learned: 2 of 3');

    // Kept on the device; after a reload, the same item and counts.
    const kept = await storedJson(page, 'tiers.openings', (v) => v?.turn === 3);
    assert.deepEqual(kept, { v: 1, turn: 3, cards: { '1/red': [1, 5], '2/red': [0, 3], '4/red': [1, 7] }, side: 'red', ballots: [1, 2, 4] });
    await page.reload();
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await page.click('#newgame-openings');
    await page.locator('.puzzle-board[data-item="2/red"]').waitFor();
    assert.equal(await page.locator('#openings-counts').innerText(), 'Due now: 1 · new: 0 · learned: 2 of 3');
    await playLine(page, 2, (mv) => playCheckers(page, mv, 'openings'));
    await page.click('#openings-next');
    await page.locator('.puzzle-board[data-item="1/red"]').waitFor();
    assert.equal(await page.locator('#openings-item-state').innerText(), 'Answered well 1 time running');
  });
});

test('Black on a phone in the light page, by taps: the line\'s first move comes by itself', async () => {
  await withApp(PHONE, async (page) => {
    await openSettings(page);
    await page.click('#mode-light');
    await page.click('#close-settings');
    await openNav(page, 'show-puzzles', { tap: true });
    await page.locator('#show-openings').tap();
    await page.locator('#openings-side-black').tap();
    await page.locator('.puzzle-board[data-item="1/black"]').waitFor();
    // Red's move of the line is played for the trainee.
    await atStep(page, 1);
    const { line } = LINES.get(1);
    assert.match(await page.locator('#openings-moves').innerText(), new RegExp(`${line[0]}$`));
    assert.equal(await page.locator('#openings-task').innerText(), 'You play Black: find the moves of the line (0 of 2 played).');
    await still(page);
    await shot(page, 'openings-phone-light');
    const tap = (mv) => playSquares(page, mv);
    await tap(line[1]);
    await atStep(page, 3);
    await tap(line[3]);
    await page.locator('#openings-result').waitFor();
    await still(page);
    await shot(page, 'openings-done-phone-light');
    assert.deepEqual(await storedJson(page, 'tiers.openings', (v) => v?.turn === 1), {
      v: 1, turn: 1, cards: { '1/black': [1, 5] }, side: 'black',
    });
  });
});

/** Taps the squares of a checkers move on the trainer's board. */
async function playSquares(page, mv) {
  for (const sq of squaresOf('checkers', mv)) await page.locator(`#openings-${sq}`).tap();
}

test('a damaged lines file is named, with a way to try again', async () => {
  const extra = { '/data/openings/checkers.txt': { type: 'text/plain; charset=utf-8', body: '1|9-13 21-17 5-9|9-14\n' } };
  await withApp({ ...PHONE, extra }, async (page) => {
    await openNav(page, 'show-puzzles', { tap: true });
    await page.locator('#show-openings').tap();
    await page.locator('#openings-error').waitFor();
    assert.equal(await page.locator('#openings-error').innerText(), 'The opening lines could not be read (the file is damaged).');
    assert.equal(await page.locator('#openings-retry').innerText(), 'Try again');
    await still(page);
    await shot(page, 'openings-damaged-phone');
  });
});
