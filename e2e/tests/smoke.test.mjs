// The built page loads, renders the new-game screen with no error, and
// makes no request beyond its own origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serve, shot } from '../harness.mjs';

test('the page loads and shows the new game screen', async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const page = await newPage(browser.context);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.match(await page.title(), /Tiers/);
    await shot(page, 'smoke-new-game');
    assert.deepEqual(page.problems(), []);
    assert.deepEqual(browser.blocked, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
