// Reduced motion: when the person's system asks for less motion
// (`prefers-reduced-motion: reduce`), pieces jump to their square instead
// of sliding, captured pieces disappear at once and the glow of pieces
// that must capture stands still. The same moves without that preference
// do move, so the test sees the difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { checkersSquare, moveTexts, press, startGame, still, withApp } from '../app.mjs';

/**
 * Records every animation and transition that starts on the page from now
 * on (each animation frame looks at `document.getAnimations()`, and
 * `transitionrun` catches transitions even if they end within a frame).
 */
function record(page) {
  return page.evaluate(() => {
    const seen = new WeakSet();
    window.__motion = [];
    const note = (kind, target, name, ms) =>
      window.__motion.push({ kind, name, ms, piece: Boolean(target?.closest?.('.piece')) });
    document.addEventListener('transitionrun', (e) => note('transition', e.target, e.propertyName, null), true);
    const look = () => {
      for (const a of document.getAnimations()) {
        if (seen.has(a)) continue;
        seen.add(a);
        const name = a.animationName ?? a.transitionProperty ?? 'script';
        note(a.constructor.name, a.effect?.target, name, a.effect?.getComputedTiming().duration);
      }
      requestAnimationFrame(look);
    };
    look();
  });
}

/** What moved on pieces since the last call (and forgets it). */
function pieceMotion(page) {
  return page.evaluate(() => window.__motion.splice(0).filter((m) => m.piece));
}

/** Plays a checkers move by clicks and waits until it is drawn and nothing moves any more. */
async function play(page, move) {
  const before = (await moveTexts(page)).length;
  for (const n of move.split(/[-x]/)) await press(page, checkersSquare(Number(n)));
  assert.equal((await moveTexts(page)).length, before + 1, `${move} was played`);
  assert.equal((await moveTexts(page)).at(-1), move);
  await still(page);
  // Two more frames: any animation the move started has been seen by now.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Whether a recorded motion moves a piece: a transition, or an animation that is not a fade, over 150 ms. */
const slides = (m) => m.kind === 'transition' || (m.name !== 'vanish' && m.ms >= 150);

/** The animation of the glow behind a piece that must capture. */
function glow(page, sq) {
  return page.$eval(`#play-${sq}`, (el) => getComputedStyle(el, '::before').animationName);
}

test('with reduced motion, moves and captures do not animate', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    await record(page);

    // As usual first: a step slides the piece, a capture slides the taker
    // along its path and fades the taken piece out.
    await play(page, '11-15');
    const step = await pieceMotion(page);
    assert.ok(step.some(slides), `a step slides: ${JSON.stringify(step)}`);
    await play(page, '22-18');
    await pieceMotion(page);
    assert.equal(await glow(page, 'e5'), 'pulse', 'the piece that must take glows');
    await play(page, '15x22');
    const capture = await pieceMotion(page);
    assert.ok(capture.some(slides), `the taker slides: ${JSON.stringify(capture)}`);
    assert.ok(capture.some((m) => m.name === 'vanish' && m.ms >= 150), `the taken piece fades: ${JSON.stringify(capture)}`);

    // Now the person asks for less motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(await glow(page, 'b2'), 'none', 'the glow stands still');
    assert.equal(await page.$eval('.piece', (el) => getComputedStyle(el).transitionDuration), '0s');
    await play(page, '25x18');
    const still1 = await pieceMotion(page);
    await play(page, '8-11');
    const still2 = await pieceMotion(page);
    // Nothing slides; a taken piece may be removed through a fade of at
    // most 10 ms (the style sheet's way of ending it at once).
    for (const m of [...still1, ...still2]) {
      assert.ok(m.name === 'vanish' && m.ms <= 10, `no motion on pieces: ${JSON.stringify(m)}`);
    }
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18', '15x22', '25x18', '8-11']);
    await shot(page, 'reduced-motion');
  });
});
