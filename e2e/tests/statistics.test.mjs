// The Statistics screen after three games against the computer, finished
// the quickest way a person can (resigning): on a desktop the games at
// levels 1, 3 and 3 (Red, Black, Red) counted per level and colour, the
// chart's bars, the streak and the highest level beaten; on a phone by
// taps, the same after a reload; the puzzles' and lessons' lines.
// Screenshots: target/screenshots/statistics-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, noSideScroll, openNav, resign, startGame, still, storedJson, withApp } from '../app.mjs';

/** The rows of a game's table: `level colour won drawn lost`. */
function rows(page, kind) {
  return page.locator(`#stats-${kind} tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].map((c) => c.innerText.trim()).join(' ')),
  );
}

test('statistics after three games against the computer', async () => {
  await withApp({ viewport: { width: 1200, height: 900 } }, async (page) => {
    await openNav(page, 'show-games');
    await page.locator('#show-statistics').click();
    await page.locator('#stats-no-games').waitFor();
    for (const [level, color] of [[1, 'Red'], [3, 'Black'], [3, 'Red']]) {
      await startGame(page, { level, color });
      await resign(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Look at the board' }).click();
    }
    await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 3);
    await openNav(page, 'show-games');
    await page.locator('#show-statistics').click();
    await page.locator('#stats-checkers').waitFor();
    assert.equal(await page.locator('#stats-checkers h3').innerText(), 'Checkers · won 0, drawn 0, lost 3');
    assert.deepEqual(await rows(page, 'checkers'), ['1 Red 0 0 1', '3 Red 0 0 1', '3 Black 0 0 1']);
    assert.equal(await page.locator('#stats-tiers').count(), 0, 'no Tiers game played');
    assert.equal(await page.locator('#stats-streak').innerText(), 'Longest winning streak: 0 games');
    assert.equal(await page.locator('#stats-beaten-checkers').innerText(), 'Highest level beaten at Checkers: none yet');
    // The chart: one bar per level, level 3's lost bar twice level 1's.
    const chart = page.locator('#stats-chart-checkers');
    assert.match(await chart.getAttribute('aria-label'), /level 1: 0 won, 0 drawn, 1 lost; level 3: 0 won, 0 drawn, 2 lost$/);
    const lost = await chart.locator('rect.lost').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('width'))));
    assert.equal(lost.length, 2);
    assert.ok(Math.abs(lost[1] - 2 * lost[0]) < 0.2, `bars ${lost}`);
    assert.equal(await page.locator('#stats-puzzles-checkers').innerText(), 'Checkers\t1500\t0\t0\t0\t0\t0');
    assert.equal(await page.locator('#stats-lessons-tiers').innerText(), 'Tiers: 0 exercises solved · 0 ★');
    await still(page);
    await shot(page, 'statistics-desktop');
  });
});

test('statistics on a phone, kept over a reload', async () => {
  await withApp(PHONE, async (page) => {
    await startGame(page, { level: 2, color: 'Black' });
    await resign(page);
    await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
    await page.reload();
    await openNav(page, 'show-games', { tap: true });
    await page.locator('#show-statistics').tap();
    await page.locator('#stats-checkers').waitFor();
    assert.deepEqual(await rows(page, 'checkers'), ['2 Black 0 0 1']);
    await noSideScroll(page, 'statistics');
    await still(page);
    await shot(page, 'statistics-phone');
  });
});
