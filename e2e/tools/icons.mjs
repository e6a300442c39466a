// Draws the app's PNG icons from the SVGs in assets/icons/ with Chromium
// (the same browser the end-to-end tests drive), for the web app manifest:
// icon-192.png and icon-512.png from icon.svg (transparent corners) and
// maskable-512.png from assets/maskable.svg (full bleed, the mark inside the safe
// zone). Run it after changing an SVG and commit the PNGs:
//   node e2e/tools/icons.mjs
// When Debian's pngquant is installed the PNGs are reduced to a palette
// (32 colours: a quarter of the size, less for the first visit to download).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch } from '../harness.mjs';

const dir = join(ROOT, 'assets', 'icons');
const jobs = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['../maskable.svg', 512, 'maskable-512.png'],
];

const browser = await launch({ viewport: { width: 512, height: 512 } });
try {
  const page = await browser.context.newPage();
  for (const [svg, size, png] of jobs) {
    const source = readFileSync(join(dir, svg), 'utf8');
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const shot = await page.locator('svg').screenshot({ omitBackground: true });
    const out = join(dir, png);
    writeFileSync(out, shot);
    try {
      execFileSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--output', out, '32', out]);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
      console.log('pngquant not installed: PNGs left as Chromium drew them');
    }
    console.log(`${png}: ${statSync(out).size} bytes`);
  }
} finally {
  await browser.close();
}
