// The built page loads, renders the new-game screen with no error, and
// makes no request beyond its own origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { withApp } from '../app.mjs';

test('the page loads and shows the new game screen', async () => {
  await withApp({}, async (page) => {
    assert.match(await page.title(), /Tiers/);
    await shot(page, 'smoke-new-game');
  });
});
