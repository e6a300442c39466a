// Playing a friend far away, by link: two browsers (two devices, each with
// its own storage) play a checkers game of 10 moves, passing the link each
// move makes (read from the page's link field, as a person would copy it);
// both archives hold the game; a tampered link is refused with a message
// and changes nothing. Phone width; screenshots in target/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, boardLabels, movesPlayed, moveTexts, openNav, playFirstLegal, seeded, startGame, still, storedJson, withApp,
} from '../app.mjs';

/** The device's archived games, once the first has `moves` moves (it is written after each move). */
async function archived(page, moves) {
  return (await storedJson(page, 'tiers.archive', (v) => v?.games?.[0]?.moves === moves)).games;
}

test('a correspondence game of 10 moves between two devices, by link', async () => {
  await withApp(PHONE, async (ann, ctx) => {
    const { server } = ctx;
    const { page: bob } = await ctx.device(PHONE);
    await ctx.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await startGame(ann, { game: 'checkers', opponent: 'friend' });

    // Ann makes it a game by link: names and a time per move.
    await ann.getByRole('button', { name: 'Play by link' }).click();
    await ann.getByLabel('Your name').fill('Ann');
    await ann.getByLabel("Your friend's name").fill('Bob');
    await ann.getByLabel('Time per move').selectOption('3');
    await shot(ann, 'bylink-form-phone');
    await ann.getByRole('button', { name: 'Start playing by link' }).click();
    await ann
      .locator('#bylink-role', { hasText: 'You play Black in this game by link, against Bob. 3 days per move.' })
      .waitFor();
    assert.equal(await ann.locator('#undo').isDisabled(), true, 'no take-backs by link');
    assert.equal(await ann.locator('#offer-draw').count(), 0);

    const pick = seeded(15);
    const devices = [
      { page: ann, color: 'black', name: 'Ann' },
      { page: bob, color: 'red', name: 'Bob' },
    ];
    let last = '';
    let longest = 0;
    const links = [];
    for (let ply = 0; ply < 10; ply++) {
      const mover = devices[ply % 2];
      const other = devices[(ply + 1) % 2];
      await mover.page.locator('.play .board').scrollIntoViewIfNeeded();
      const scrolled = await mover.page.evaluate(() => window.scrollY);
      await playFirstLegal(mover.page, mover.color, { tap: true, pick });
      // A move keeps the page where it is (the move list scrolls inside
      // itself): a page that jumped under the finger sent the tap's click
      // to the New game button.
      assert.equal(await mover.page.evaluate(() => window.scrollY), scrolled, `ply ${ply}: the page did not move`);
      // The link to send appears; "Copy the link" (no share sheet in this
      // browser) copies it, and it stays in the field to select.
      const field = mover.page.locator('#bylink-link');
      await field.waitFor();
      last = await field.inputValue();
      links.push(last);
      longest = Math.max(longest, last.length);
      assert.match(last, /\?bylink=[A-Za-z0-9_-]+$/);
      if (ply === 0) {
        await ann.getByRole('button', { name: 'Copy the link' }).click();
        await ann.locator('#bylink-said', { hasText: 'Link copied: send it to Bob' }).waitFor();
        assert.equal(await ann.evaluate(() => navigator.clipboard.readText()), last);
        await still(ann);
        await shot(ann, 'bylink-sent-phone');
      }
      // The board no longer takes a move on this device.
      assert.equal(await mover.page.locator('.play .square.target').count(), 0);
      // The friend opens it: the board with the game, their turn.
      await other.page.goto(last);
      await other.page.locator('#play-a1').waitFor();
      await other.page.locator('#bylink-turn', { hasText: 'Your move' }).waitFor();
      assert.equal(await movesPlayed(other.page), ply + 1);
      assert.deepEqual(await moveTexts(other.page), await moveTexts(mover.page));
      if (ply === 0) {
        await bob
          .locator('#bylink-role', { hasText: 'You play Red in this game by link, against Ann. 3 days per move.' })
          .waitFor();
        assert.equal(new URL(bob.url()).search, '', 'the link is taken off the address');
        await still(bob);
        await shot(bob, 'bylink-opened-phone');
      }
    }
    console.log(`longest link of the game: ${longest} characters`);
    assert.ok(longest < 2000);

    // Both devices keep the game, with the side each plays.
    const a = await archived(ann, 10);
    const b = await archived(bob, 10);
    assert.equal(a.length, 1);
    assert.equal(b.length, 1);
    assert.equal(a[0].id, b[0].id, 'the same game id');
    for (const [g, me] of [
      [a[0], 'black'],
      [b[0], 'red'],
    ]) {
      assert.equal(g.moves, 10);
      assert.equal(g.result, '*');
      assert.equal(g.red, 'Bob');
      assert.equal(g.black, 'Ann');
      assert.equal(g.bylink.me, me);
    }
    assert.equal(a[0].pdn.replace(/\[Date[^\]]*\]/, ''), b[0].pdn.replace(/\[Date[^\]]*\]/, ''));
    await openNav(bob, 'show-games');
    await bob.getByText('Bob vs Ann').first().waitFor();
    await shot(bob, 'bylink-archive-phone');

    // A third device opens an older link and plays another move there: its
    // link contradicts Bob's copy, and Bob is asked which game to keep.
    {
      const { page: carol } = await ctx.device(PHONE);
      const bobMoves = await moveTexts(ann); // the same game (Bob is on the games screen)
      assert.equal(bobMoves.length, 10);
      let other = null;
      for (const k of [8, 6, 4, 2]) {
        await carol.goto(links[k]);
        await carol.locator('#bylink-turn', { hasText: 'Your move' }).waitFor();
        const color = k % 2 === 0 ? 'red' : 'black';
        await playFirstLegal(carol, color, { tap: true, pick: (n) => n - 1 });
        const texts = await moveTexts(carol);
        if (texts[k + 1] !== bobMoves[k + 1]) {
          other = await carol.locator('#bylink-link').inputValue();
          break;
        }
      }
      assert.ok(other, 'a different move was found');
      await bob.goto(other);
      const dialog = bob.getByRole('alertdialog', { name: 'Which game to keep?' });
      await dialog.waitFor();
      await dialog.getByText('its history is different: the moves differ at move').waitFor();
      await still(bob);
      await shot(bob, 'bylink-conflict-phone');
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await bob.locator('#play-a1').waitFor();
      assert.deepEqual(await moveTexts(bob), bobMoves, 'his copy kept');
      assert.equal((await archived(bob, 10))[0].moves, 10);
    }

    // A tampered link (one character changed) is refused and changes nothing.
    const value = last.split('bylink=')[1];
    const i = Math.floor(value.length / 2);
    const changed = value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1);
    await bob.goto(`${server.url}/?bylink=${changed}`);
    await bob
      .getByRole('alert')
      .filter({ hasText: 'This game by link could not be opened: the link was changed or damaged' })
      .waitFor();
    await bob.locator('#play-a1').waitFor();
    assert.equal(await movesPlayed(bob), 10, 'the game in progress is kept');
    assert.equal((await archived(bob, 10))[0].moves, 10);
    await still(bob);
    await shot(bob, 'bylink-tampered-phone');
  });
});

test('Tiers by link: random formations travel in the link, two moves each way', async () => {
  await withApp(PHONE, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    await startGame(ann, { game: 'tiers', opponent: 'friend' });
    for (let i = 0; i < 2; i++) {
      await ann.locator('#formation-random').click();
      await ann.locator('#formation-ready').click();
    }
    await ann.locator('#begin-tiers').click();
    await ann.locator('.play .board').waitFor();
    const start = await boardLabels(ann);
    await ann.getByRole('button', { name: 'Play by link' }).click();
    await ann.getByLabel('Your name').fill('Ann');
    await ann.getByLabel("Your friend's name").fill('Bob');
    await ann.getByRole('button', { name: 'Start playing by link' }).click();
    await ann.locator('#bylink-role', { hasText: 'You play Red in this game by link, against Bob.' }).waitFor();
    assert.equal(await ann.locator('#bylink-role').innerText(), 'You play Red in this game by link, against Bob.', 'no time limit unless chosen');
    const pick = seeded(3);
    const devices = [
      { page: ann, color: 'red' },
      { page: bob, color: 'black' },
    ];
    for (let ply = 0; ply < 4; ply++) {
      const mover = devices[ply % 2];
      const other = devices[(ply + 1) % 2];
      await playFirstLegal(mover.page, mover.color, { pick });
      const link = await mover.page.locator('#bylink-link').inputValue();
      await other.page.goto(link);
      await other.page.locator('#bylink-turn', { hasText: 'Your move' }).waitFor();
      assert.deepEqual(await moveTexts(other.page), await moveTexts(mover.page));
      if (ply === 0) {
        await bob.locator('#bylink-role', { hasText: 'You play Black in this game by link, against Ann.' }).waitFor();
        // The same formations: the position before the first move.
        await bob.getByRole('button', { name: 'Start position' }).click();
        assert.deepEqual(await boardLabels(bob), start);
        await bob.getByRole('button', { name: 'Current position' }).click();
        await still(bob);
        await shot(bob, 'bylink-tiers-phone');
      }
    }
    assert.equal((await archived(ann, 4))[0].moves, 4);
    assert.equal((await archived(bob, 4))[0].moves, 4);
  });
});
