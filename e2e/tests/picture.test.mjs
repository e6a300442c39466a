// A picture of the board: the play screen's "Download picture (PNG)" gives
// a PNG of the position shown, 800 pixels square, in the board's colours,
// with the last move tinted and the pieces where they stand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS, shot } from '../harness.mjs';
import { moveTexts, openNav, press, startGame, withApp } from '../app.mjs';

/** The colour at (x, y) of the PNG `bytes`, decoded by the page. */
function pixels(page, bytes, points) {
  return page.evaluate(
    async ({ b64, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      return points.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]);
    },
    { b64: bytes.toString('base64'), points },
  );
}

const near = (got, want, what) =>
  assert.ok(got.every((v, i) => Math.abs(v - want[i]) <= 3), `${what}: ${got} is not ${want}`);

test('a picture of the position is downloaded as a PNG', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    // 11-15 (f6 to e5), then 22-18 (c3 to d4).
    await press(page, 'f6');
    await press(page, 'e5');
    await press(page, 'c3');
    await press(page, 'd4');
    assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download picture (PNG)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^tiers-checkers-\d{4}-\d\d-\d\d-ply-2\.png$/);
    await page.locator('#game-export-note', { hasText: /^Downloaded tiers-checkers-.*-ply-2\.png\.$/ }).waitFor();
    const png = readFileSync(await download.path());
    // A PNG, 800×800, of a sensible size.
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.equal(png.readUInt32BE(16), 800);
    assert.equal(png.readUInt32BE(20), 800);
    assert.ok(png.length > 20_000 && png.length < 2_000_000, `${png.length} bytes`);
    // Kept to be looked at, with the screenshots.
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'picture-checkers.png'), png);
    // Squares of 100 pixels, Red at the bottom: a5 empty dark, a4 light,
    // c3 (the last move's origin) tinted, a1 a red man, a7 a black man.
    const at = (sq) => [(sq.charCodeAt(0) - 97) * 100 + 50, (8 - Number(sq[1])) * 100 + 60];
    const [a5, a4, c3, a1, a7] = await pixels(page, png, ['a5', 'a4', 'c3', 'a1', 'a7'].map(at));
    near(a5, [181, 136, 99], 'a dark square');
    near(a4, [240, 217, 181], 'a light square');
    near(c3, [170, 162, 58], 'the last move, tinted');
    assert.ok(a1[0] > 150 && a1[1] < 110, `a red piece on a1: ${a1}`);
    assert.ok(Math.max(...a7) < 90, `a black piece on a7: ${a7}`);
    await shot(page, 'picture-play');
  });
});

test('a Tiers position set up in the editor, as a picture with its coordinates', async () => {
  await withApp({}, async (page) => {
    await openNav(page, 'show-editor');
    await page.locator('#editor-title').waitFor();
    await page.click('#editor-tiers');
    await page.fill('#editor-fen', '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12');
    await page.press('#editor-fen', 'Enter');
    await page.locator('#editor-verdict', { hasText: 'Valid position: Black to move' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#editor-export-picture').click(),
    ]);
    assert.equal(download.suggestedFilename(), 'tiers-tiers-position.png');
    const png = readFileSync(await download.path());
    assert.equal(png.readUInt32BE(16), 800);
    writeFileSync(join(SHOTS, 'picture-tiers.png'), png);
    // A frame for the coordinates (36 of 872 units, 33 pixels), then the
    // squares: a1 (bottom left) holds Red's ultra king, carrying a man.
    const unit = 800 / 872;
    const at = (col, row) => [Math.round((36 + col * 100 + 50) * unit), Math.round((36 + row * 100 + 50) * unit)];
    const [frame, a2, a1] = await pixels(page, png, [[5, 5], at(0, 6), at(0, 7)]);
    near(frame, [0x26, 0x24, 0x21], 'the frame');
    near(a2, [240, 217, 181], 'a2, a light square');
    assert.ok(a1[0] > 150 && a1[1] < 110, `Red's ultra king on a1: ${a1}`);
  });
});

test('the analysis board gives the position it shows as a picture', async () => {
  await withApp({}, async (page) => {
    await startGame(page, { game: 'checkers', opponent: 'friend' });
    await press(page, 'f6');
    await press(page, 'e5');
    await page.click('#analyse-game');
    await page.locator('#analysis-title').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#analysis-export-picture').click(),
    ]);
    assert.match(download.suggestedFilename(), /^tiers-checkers-.*ply-1\.png$/);
    const png = readFileSync(await download.path());
    assert.equal(png.readUInt32BE(16), 800);
    // 11-15: f6 empty and tinted, e5 a black man on a tinted square.
    const [f6, e5] = await pixels(page, png, [[550, 250], [450, 360]]);
    near(f6, [170, 162, 58], 'f6, the last move, tinted');
    assert.ok(Math.max(...e5) < 90, `a black man on e5: ${e5}`);
  });
});
