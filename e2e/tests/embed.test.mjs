// Embedding: the embed page fits frames of any shape, says clearly what is
// wrong with bad parameters, and talks to a host page on another origin by
// postMessage: events out (ready, move, position, gameOver, error),
// commands in (newGame, setPosition, flip), commands from origins it was
// not told to trust ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { hostEvents, lastManTakenInFrame, nextEvent, still, withApp, withHost } from '../app.mjs';

/** Asserts that an element lies inside the viewport. */
async function inside(page, locator, what) {
  const box = await locator.boundingBox();
  const vp = page.viewportSize();
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= vp.width + 0.5 && box.y + box.height <= vp.height + 0.5,
    `${what} (${JSON.stringify(box)}) fits ${vp.width}×${vp.height}`,
  );
  return box;
}

test('the embed page fits any frame', async () => {
  await withApp({ open: false }, async (first, ctx) => {
    const cases = [
      [300, 300, '/?embed=1&ai=2'],
      [400, 600, '/?embed=1&game=tiers&players=2'],
      [800, 450, '/embed?ai=4&color=black'],
      [320, 480, '/?embed=1&players=2&undo=0&flip=1'],
      [360, 640, `/?embed=1&pdn=${encodeURIComponent('[Event "Club"]\n1. 11-15 23-19 *')}`],
    ];
    for (const [i, [width, height, path]] of cases.entries()) {
      const page = i === 0 ? first : await ctx.page();
      await page.setViewportSize({ width, height });
      await page.goto(ctx.server.url + path);
      const board = page.getByRole('grid');
      await board.waitFor();
      const box = await inside(page, board, 'the board');
      assert.ok(Math.abs(box.width - box.height) < 1.5, 'the board is square');
      // As large as the frame allows, with room for the bar.
      const short = Math.min(width, height);
      assert.ok(box.width >= short - 48, `the board (${box.width}px) fills the ${width}×${height} frame`);
      for (const id of ['#flip', '#new-game', '#resign', '#status-text']) {
        await inside(page, page.locator(id), id);
      }
      if (path.includes('undo=0')) {
        assert.equal(await page.locator('#undo').count(), 0, 'no take-back button with undo=0');
      } else {
        await inside(page, page.locator('#undo'), '#undo');
      }
      assert.equal(await page.locator('.topbar').count(), 0, 'no site header in a frame');
      assert.equal(await page.locator('#embed-problems').count(), 0);
      if (path.includes('color=black')) {
        // The person plays Black: Black is at the bottom.
        assert.match(await board.getAttribute('class'), /flipped/);
      }
      if (path.includes('flip=1')) assert.match(await board.getAttribute('class'), /flipped/);
      if (path.includes('pdn=')) {
        // The game is loaded with its moves; the computer (Black) goes on.
        assert.equal(await page.locator('.move-list [data-ply="1"]').innerText(), '11-15');
        assert.equal(await page.locator('.move-list [data-ply="2"]').innerText(), '23-19');
      }
      await shot(page, `embed-${width}x${height}`);
      assert.deepEqual(page.problems(), [], path);
      await page.close();
    }
  });
});

test('bad parameters are explained inside the frame', async () => {
  await withApp({ viewport: { width: 400, height: 400 }, open: false }, async (page, { server }) => {
    await page.goto(server.url + '/?embed=1&color=purple&ai=12&fen=B:W21-32:B1-40&colour=red&zoom=2');
    const box = page.locator('#embed-problems');
    await box.waitFor();
    const text = await box.innerText();
    assert.match(text, /color=purple: not a colour; allowed: red, black, random/);
    assert.match(text, /ai=12: no such level; allowed: a level from 1 \(beginner\) to 8 \(grandmaster\)/);
    assert.match(text, /fen=B:W21-32:B1-40: .*allowed: a checkers position in PDN FEN/);
    assert.match(text, /colour=red: given more than once/);
    assert.match(text, /zoom=2: unknown parameter; allowed: parameters game, ai, players/);
    await shot(page, 'embed-bad-parameters');
    // The board is there behind the message, and playable once it is closed.
    await page.locator('#embed-problems-close').click();
    assert.equal(await box.count(), 0);
    await page.getByRole('grid', { name: 'Checkers board' }).waitFor();
    assert.match(await page.locator('#status-text').innerText(), /computer|your turn/i);
  });
});

test('a host page on another origin drives the board', async () => {
  await withHost((host) => `embed=1&origin=${encodeURIComponent(host)}&ai=1`, async (page, { host }) => {
    await page.goto(host.url + '/host.html');
    const frame = page.frameLocator('#frame');

    const ready = await nextEvent(page, 'ready');
    assert.deepEqual(
      { ...ready, problems: ready.problems.length },
      {
        tiers: 1,
        type: 'ready',
        protocol: 1,
        game: 'checkers',
        position: 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
        sideToMove: 'black',
        ply: 0,
        players: { ai: 1, human: 'red' },
        orientation: 'red',
        undo: true,
        problems: 0,
      },
    );
    // The computer (Black) opens.
    const first = await nextEvent(page, 'move');
    assert.equal(first.by, 'black');
    assert.equal(first.ply, 1);
    assert.equal(first.sideToMove, 'red');

    // newGame: a fresh checkers game, the person plays Red at level 1.
    let n = await hostEvents(page);
    await page.evaluate(() => window.send({ tiers: 1, type: 'newGame', game: 'checkers', ai: 1, color: 'red' }));
    const started = await nextEvent(page, 'position', n);
    assert.equal(started.reason, 'newGame');
    assert.equal(started.ply, 0);
    const opening = await nextEvent(page, 'move', n);
    assert.equal(opening.ply, 1);

    // A move played by clicking in the frame: 22-18 (c3 to d4), then the
    // computer's reply.
    n = await hostEvents(page);
    await frame.locator('#embed-c3').click();
    await frame.locator('#embed-d4').click();
    const mine = await nextEvent(page, 'move', n);
    assert.deepEqual([mine.move, mine.by, mine.ply], ['22-18', 'red', 2]);
    const reply = await nextEvent(page, 'move', n + 1);
    assert.deepEqual([reply.by, reply.ply, reply.sideToMove], ['black', 3, 'red']);

    // flip, then an explicit orientation.
    const board = frame.getByRole('grid');
    await page.evaluate(() => window.send({ tiers: 1, type: 'flip' }));
    await frame.locator('.board.flipped').waitFor();
    await page.evaluate(() => window.send({ tiers: 1, type: 'flip', orientation: 'red' }));
    await frame.locator('.board:not(.flipped)').waitFor();
    await page.evaluate(() => window.send({ tiers: 1, type: 'flip', orientation: 'black' }));
    await frame.locator('.board.flipped').waitFor();
    await page.evaluate(() => window.send({ tiers: 1, type: 'flip' }));
    await frame.locator('.board:not(.flipped)').waitFor();

    // setPosition: Red to move takes Black's last man (18x9) and wins.
    n = await lastManTakenInFrame(page, frame);
    const win = await nextEvent(page, 'move', n);
    assert.deepEqual([win.move, win.position], ['18x9', 'B:W9:B']);
    const over = await nextEvent(page, 'gameOver', n);
    assert.equal(over.result, '0-1');
    assert.equal(over.winner, 'red');
    assert.equal(over.reason, 'Black has no pieces left');
    assert.match(over.record, /\[FEN "W:W18:B14"\]/);
    assert.match(over.record, /18x9 0-1/);
    assert.match(await frame.locator('#status-text').innerText(), /Red wins/);
    await shot(page, 'embed-host-game-over');

    // Malformed commands get an error event; the frame goes on.
    const bad = [
      [{ tiers: 1, type: 'castle' }, /unknown command `castle`; commands: newGame, setPosition, flip/],
      ['not json', /the message is not JSON/],
      [{ type: 'flip' }, /no protocol version/],
      [{ tiers: 1, type: 'setPosition', fen: 'Z:nonsense' }, /^fen=Z:nonsense: /],
      [{ tiers: 1, type: 'newGame', ai: 99 }, /ai=99: no such level/],
      [{ tiers: 1, type: 'flip', orientation: 7 }, /orientation 7 is not a colour/],
      [[1, 2, 3], /a command must be an object/],
    ];
    for (const [message, expected] of bad) {
      n = await hostEvents(page);
      await page.evaluate((m) => window.send(m), message);
      const e = await nextEvent(page, 'error', n, 5_000);
      assert.match(e.message, expected, JSON.stringify(message));
    }

    // A Tiers game for two players.
    n = await hostEvents(page);
    await page.evaluate(() => window.send({ tiers: 1, type: 'newGame', game: 'tiers', players: 2 }));
    const tiers = await nextEvent(page, 'position', n);
    assert.deepEqual([tiers.game, tiers.sideToMove], ['tiers', 'red']);
    await frame.getByRole('grid', { name: 'Tiers board' }).waitFor();
    await shot(page, 'embed-host-tiers');
  });
});

test('the gameOver event of a draw: 100 plies without a capture', async () => {
  // Two kings and 98 plies without a capture: two more moves draw.
  const tfen = '8/8/8/6k1/1K6/8/8/8 r 98 50';
  const query = (host) => `embed=1&players=2&tfen=${encodeURIComponent(tfen)}&origin=${encodeURIComponent(host)}`;
  await withHost(query, async (page, { host }) => {
    await page.goto(host.url + '/host.html');
    const frame = page.frameLocator('#frame');
    const ready = await nextEvent(page, 'ready');
    assert.deepEqual([ready.game, ready.position, ready.sideToMove], ['tiers', tfen, 'red']);

    await frame.locator('#embed-b4').click();
    await frame.locator('#embed-c5').click();
    const first = await nextEvent(page, 'move');
    assert.deepEqual([first.move, first.by, first.ply], ['b4-c5', 'red', 1]);
    await frame.locator('#embed-g5').click();
    await frame.locator('#embed-f6').click();
    const over = await nextEvent(page, 'gameOver');
    assert.deepEqual(
      [over.result, over.winner, over.reason, over.ply, over.game],
      ['1/2-1/2', null, '100 plies without a capture', 2, 'tiers'],
    );
    assert.match(over.record, /\[FEN "8\/8\/8\/6k1\/1K6\/8\/8\/8 r 98 50"\]/);
    assert.match(over.record, /\[Result "1\/2-1\/2"\]/);
    assert.match(over.record, /b4-c5 g5-f6 1\/2-1\/2/);
    // The move came first, then exactly one gameOver.
    const types = await page.evaluate(() => window.events.map((e) => e.type));
    assert.deepEqual(types, ['ready', 'move', 'move', 'gameOver']);
    assert.match(await frame.locator('#status-text').innerText(), /^Draw: 100 plies without a capture\.?$/);
    await still(await (await page.locator('#frame').elementHandle()).contentFrame());
    await shot(page, 'embed-host-draw');
  });
});

test('commands from an origin the embed does not trust are ignored', async () => {
  // The embed trusts another site, not this host.
  await withHost(() => 'embed=1&players=2&origin=https://trusted.example', async (page, { host }) => {
    const ignored = [];
    let heard;
    const bothHeard = new Promise((ok) => {
      heard = ok;
    });
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes(`a message from ${host.url} was ignored`)) {
        ignored.push(m.text());
        if (ignored.length === 2) heard();
      }
    });
    await page.goto(host.url + '/host.html');
    const frame = page.frameLocator('#frame');
    await frame.getByRole('grid').waitFor();
    await page.evaluate(() => window.send({ tiers: 1, type: 'flip' }));
    await page.evaluate(() => window.send({ tiers: 1, type: 'newGame', game: 'tiers' }));
    // The frame has read both commands: it warns once for each, naming the origin.
    await bothHeard;
    assert.equal(await frame.locator('.board.flipped').count(), 0, 'not flipped');
    await frame.getByRole('grid', { name: 'Checkers board' }).waitFor();
    // Events go only to the trusted origin: this host hears nothing.
    assert.deepEqual(await page.evaluate(() => window.events), []);
    assert.equal(ignored.length, 2, `one warning per command: ${ignored}`);
  });
});
