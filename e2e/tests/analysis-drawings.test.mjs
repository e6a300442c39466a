// Drawings on the analysis board and the ways in that issue 27 added: the
// board opened from the menu; arrows and marks drawn with the mouse (a
// right-drag, a right-click with Shift) and with the keyboard (A and M on
// the board's cursor, Alt for blue); they belong to the position shown;
// the tree exported as PDN ([%cal …] / [%csl …] in the comments) and
// imported into a fresh profile is equal, drawings and all; a link to the
// board carries the tree; a malformed link says why and leaves the page
// usable; a finished puzzle opens on the board; "New board" over a board
// with moves asks first.
// Screenshots: target/screenshots/analysis-drawings-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import {
  PHONE, checkersSquare, currentPuzzle, eventually, noSideScroll, openNav, openSettings, playCheckers, puzzleFile, solvePuzzle,
  still, withApp,
} from '../app.mjs';

/** The checkers number of a square's name (`c3` → 22), or null for a light square. */
function numberOf(name) {
  for (let n = 1; n <= 32; n++) if (checkersSquare(n) === name) return n;
  return null;
}

/** Downloads the board's PDN. */
async function exported(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-export-download')]);
  return readFileSync(await download.path(), 'utf8');
}

/** The centre of a square of the analysis board. */
async function centre(page, name) {
  const square = page.locator(`#analysis-${name}`);
  await square.scrollIntoViewIfNeeded();
  const b = await square.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Drags with the right mouse button from one square to another (a click when they are the same). */
async function rightDrag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up({ button: 'right' });
}

/** The drawings listed in words under the board ('' when none). */
async function drawings(page) {
  const el = page.locator('#analysis-drawings p');
  return (await el.count()) ? el.innerText() : '';
}

/** The square the board's keyboard cursor is on (`c3`). */
async function cursorSquare(page) {
  const id = await page.locator('.analysis-board .square.cursor').getAttribute('id');
  return id.replace('analysis-', '');
}

test('arrows and marks drawn by mouse and keyboard, exported, imported into a fresh profile and opened by a link', async () => {
  await withApp({ viewport: { width: 1200, height: 900 } }, async (page, ctx) => {
    await openNav(page, 'show-analysis');
    await page.locator('#analysis-title').waitFor();
    await page.click('#analysis-new-checkers');
    await playCheckers(page, '11-15', 'analysis');
    await playCheckers(page, '23-19', 'analysis');
    assert.equal(await drawings(page), '');

    // The mouse: a green arrow 22-18 by a right-drag, a red mark on 9 by a Shift right-click.
    await rightDrag(page, checkersSquare(22), checkersSquare(18));
    await eventually(() => drawings(page), 'Drawn on this position: arrow 22–18 (green)');
    await page.keyboard.down('Shift');
    await rightDrag(page, checkersSquare(9), checkersSquare(9));
    await page.keyboard.up('Shift');
    await eventually(() => drawings(page), 'Drawn on this position: arrow 22–18 (green), square 9 (red)');
    assert.equal(await page.locator('.board .shapes line.shape.green').count(), 1);
    assert.equal(await page.locator('.board .shapes circle.shape.red').count(), 1);
    // The engine's threat arrow is drawn apart (numbered, another layer).
    assert.equal(await page.locator('.board .arrows').count(), 0);

    // The keyboard: A on the cursor's square, one step up-right, A again: a green arrow; Alt+M there: a blue mark.
    await page.locator('#analysis-title').click();
    await page.keyboard.press('Tab');
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('board'))); i++) {
      await page.keyboard.press('Tab');
    }
    const from = await cursorSquare(page);
    await page.keyboard.press('a');
    assert.equal(await page.locator(`#analysis-${from}`).getAttribute('class').then((c) => c.includes('arrow-start')), true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    const to = await cursorSquare(page);
    await page.keyboard.press('a');
    await page.keyboard.press('Alt+m');
    const [f, t] = [numberOf(from), numberOf(to)];
    assert.ok(f && t, `${from} and ${to} are dark squares`);
    const listed = await drawings(page);
    assert.match(listed, new RegExp(`arrow ${f}–${t} \\(green\\)`), listed);
    assert.match(listed, new RegExp(`square ${t} \\(blue\\)`), listed);
    await still(page);
    await shot(page, 'analysis-drawings-desktop-dark');

    // They belong to the position: gone one move back, there again after it.
    await page.click('#analysis-prev');
    assert.equal(await drawings(page), '');
    await page.click('#analysis-next');
    assert.equal(await drawings(page), listed);

    const pdn = await exported(page);
    assert.match(pdn, /23-19 \{\[%csl R9,B\d+\] \[%cal G\d+-\d+,G\d+-\d+\]\}|23-19 \{\[%csl B\d+,R9\] \[%cal G\d+-\d+,G\d+-\d+\]\}/, pdn);
    assert.ok(pdn.includes('G22-18'), pdn);

    // A fresh profile: the file read into its analysis board shows the same drawings and writes the same file.
    const other = (await ctx.device({ viewport: { width: 1200, height: 900 } })).page;
    await other.goto(ctx.server.url + '/');
    await other.getByRole('heading', { name: /new game/i }).waitFor();
    await openNav(other, 'show-analysis');
    await other.locator('#analysis-title').waitFor();
    await other.locator('.import-form summary').click();
    await other.fill('#analysis-import-text', pdn);
    await other.click('#analysis-import-read');
    await other.click('#analysis-last');
    assert.equal(await drawings(other), listed);
    assert.equal(await exported(other), pdn, 'the same tree, drawings and all');
    // A click on the board wipes them; so does the control.
    await other.click(`#analysis-${checkersSquare(1)}`);
    assert.equal(await drawings(other), '');

    // Clear drawings on the first profile.
    await page.click('#analysis-clear-drawings');
    assert.equal(await drawings(page), '');

    // A link to the board: the tree as the file has it, on another device.
    const link = new URL(ctx.server.url + '/');
    link.search = `analysis=1&game=checkers&pdn=${encodeURIComponent(pdn)}`;
    const third = (await ctx.device({ viewport: { width: 1200, height: 900 } })).page;
    await third.goto(link.href);
    await third.locator('#analysis-title').waitFor();
    assert.equal(await drawings(third), listed, 'shown at the end of the main line, drawings and all');
    assert.equal(await exported(third), pdn);

    // "New board" over a board with moves asks first; "Keep" keeps it.
    const before = await page.locator('.tree-list .move').allInnerTexts();
    await page.click('#analysis-new-tiers');
    await page.locator('#analysis-replace-ask', { hasText: /new Tiers board/ }).waitFor();
    await page.click('#analysis-replace-no');
    assert.equal(await page.locator('#analysis-replace').count(), 0);
    assert.deepEqual(await page.locator('.tree-list .move').allInnerTexts(), before);
    await page.click('#analysis-new-tiers');
    await page.click('#analysis-replace-yes');
    await page.locator('#analysis-title', { hasText: 'Analysis board: Tiers' }).waitFor();
    assert.equal(await page.locator('.tree-list .move').count(), 0);
    // An empty board is replaced at once.
    await page.click('#analysis-new-checkers');
    await page.locator('#analysis-title', { hasText: 'Analysis board: Checkers' }).waitFor();
    assert.equal(await page.locator('#analysis-replace').count(), 0);
  });
});

test('a malformed analysis link says why and keeps the page usable; a finished puzzle opens on the board; phone, light', async () => {
  await withApp(PHONE, async (page, ctx) => {
    await page.goto(`${ctx.server.url}/?analysis=1&game=checkers&pdn=1.%2011-18`);
    const notice = page.locator('#notices');
    await eventually(() => notice.innerText().then((t) => /11-18/.test(t)), true);
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    await openNav(page, 'show-analysis', { tap: true });
    await page.locator('#analysis-title').waitFor();

    await openSettings(page);
    await page.click('#mode-light');
    await page.click('#close-settings');
    await openNav(page, 'show-puzzles', { tap: true });
    const id = await currentPuzzle(page, 'checkers');
    const puzzle = puzzleFile('checkers').get(id);
    await solvePuzzle(page, 'checkers', puzzle, (sq) => page.locator(`#puzzle-${sq}`).tap());
    await page.locator('#puzzle-analyse').tap();
    await page.locator('#analysis-title').waitFor();
    const moves = await page.locator('.tree-list .move').allInnerTexts();
    assert.deepEqual(moves.map((m) => m.replace(/[!?]+$/, '')), puzzle.solution);
    // A long touch then a drag draws an arrow on a phone.
    const a = await centre(page, checkersSquare(22));
    const b = await centre(page, checkersSquare(18));
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await touch('touchStart', a);
    // Held past the long press: the page's own clock must pass 500 ms.
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForFunction((start) => performance.now() - start > 600, t0);
    for (let i = 1; i <= 6; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 });
    await touch('touchEnd');
    await eventually(() => drawings(page), 'Drawn on this position: arrow 22–18 (green)');
    // A person lifts the finger and then reaches for Back. Chromium's touch
    // gesture detector swallows a tap that comes within a few hundred ms of
    // a long press's end (no click follows it: seen under load, when the
    // test's tap came 100 ms after the lift), so wait as a hand would, on
    // the page's own clock.
    const lifted = await page.evaluate(() => performance.now());
    await page.waitForFunction((start) => performance.now() - start > 700, lifted);
    await page.locator('#analysis-back').tap();
    await page.locator('#puzzle-result').waitFor();
    await page.locator('#puzzle-analyse').tap();
    await noSideScroll(page, 'the analysis board with drawings on a phone');
    await still(page);
    await shot(page, 'analysis-drawings-phone-light');
  });
});
