// Practice from any position
// (docs/user-guide.md, "Practice from any position"): a position set up in
// the board editor is played against the computer at a chosen level, the
// coach's verdict on the person's move names the blunder and the better
// move (at the review's budget, so the same on any machine), and the game
// is a normal one: saved with its start position, filed in the archive
// when it ends. On a phone by keyboard too; screenshots in both page
// colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, PRACTICE_FEN, openNav, practiseWithVerdict, resign, storedJson, withApp } from '../app.mjs';

for (const [size, options] of [['desktop', {}], ['phone', PHONE]]) {
  test(`practice from an editor position with the coach's verdict (${size})`, async () => {
    await withApp(options, async (page) => {
      await practiseWithVerdict(page);
      assert.equal(
        await page.locator('#verdict-text').innerText(),
        '22-18: Blunder. Better was 25-21.',
      );
      assert.equal(await page.locator('#judge').isDisabled(), true, 'one verdict per move');
      assert.match(await page.textContent('#status-text'), /Red to move: your turn/);
      const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.start === PRACTICE_FEN);
      assert.deepEqual(saved.game.opponent, { type: 'computer', level: 1, human: 'red' });
      await shot(page, `practice-verdict-${size}-dark`);
      await openNav(page, 'show-settings');
      await page.click('#mode-light');
      await page.click('#close-settings');
      await page.locator('#verdict-text').waitFor();
      await shot(page, `practice-verdict-${size}-light`);

      // A normal game: filed in the archive with its start position.
      await resign(page);
      const archive = await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
      assert.match(archive.games[0].pdn, /\[FEN "W:W22,25:B14"\]/);
      assert.match(archive.games[0].pdn, /\[Practice "editor"\]/);
    });
  });
}
