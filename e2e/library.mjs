// Helpers of the saved-games, archive, import/export and editor tests.
import assert from 'node:assert/strict';

/** The board square (a1…h8) of a checkers square number 1–32. */
export function checkersSquare(n) {
  const row = Math.floor((n - 1) / 4); // 0 = rank 8
  const k = (n - 1) % 4;
  const file = row % 2 === 0 ? 2 * k + 1 : 2 * k;
  return 'abcdefgh'[file] + (8 - row);
}

/** Clicks the squares of a checkers move such as `11-15` or `15x24x31`. */
export async function playCheckers(page, move, board = 'play') {
  for (const n of move.split(/[-x]/)) {
    await page.click(`#${board}-${checkersSquare(Number(n))}`);
  }
}

/** Clicks the squares of a Tiers step or jump such as `e3-e4`. */
export async function playTiers(page, move, board = 'play') {
  for (const sq of move.split(/[-x]/)) await page.click(`#${board}-${sq}`);
}

/** The move texts of the move list of the play screen. */
export async function moveTexts(page, scope = '.play .moves-box') {
  return page.locator(`${scope} .move`).allTextContents();
}

/** Waits until the move list has `n` moves. */
export async function waitForMoves(page, n, scope = '.play .moves-box') {
  await page.waitForFunction(
    ([sel, n]) => document.querySelectorAll(sel).length === n,
    [`${scope} .move`, n],
  );
}

/** Starts a two-player game of checkers (or Tiers with the default formations). */
export async function startFriendGame(page, game = 'checkers') {
  await page.click('.brand');
  await page.getByRole('heading', { name: /new game/i }).waitFor();
  await page.click(`.game-choice[data-game="${game}"]`);
  await page.getByRole('button', { name: 'Friend on this device' }).click();
  await page.click('#start-game');
  if (game === 'tiers') {
    await page.click('#formation-ready');
    await page.click('#formation-ready');
    await page.click('#begin-tiers');
  }
  await page.waitForSelector('#play-a1');
}

/** The text of the stored value under `key`. */
export async function stored(page, key) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Asserts the page had no error and made no request outside. */
export function clean(page, browser) {
  assert.deepEqual(page.problems(), []);
  assert.deepEqual(browser.blocked, []);
}

/** Resigns the game in progress (the button asks for a second click). */
export async function resign(page) {
  await page.click('#resign');
  await page.locator('#resign', { hasText: 'Sure?' }).waitFor();
  await page.click('#resign');
}
