// Hostile input (issue 16, the browser side): 200 malformed postMessage
// commands and 50 malformed addresses to the embed page, 20 damaged
// localStorage states to the app (the records, the preferences with the
// checkers squares' style, the kept language), unknown or damaged kept
// languages (the browser's language is used). After each the page still plays (a move
// is made), no page error or panic is reported, and what was readable is
// kept (an intact record next to a damaged one survives; a damaged one is
// set aside, not lost). Every malformed input comes from a seeded
// generator, so a failure replays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  boardLabels, focused, playCheckers, resign, say, seeded, startGame, stored, storedJson, waitForMoves, withApp, withHost,
} from '../app.mjs';

/** Waits until `n` events have come, returns them. */
async function events(page, n, timeout = 60_000) {
  await page.waitForFunction((n) => window.events.length >= n, n, { timeout });
  return page.evaluate(() => window.events);
}

const pickOf = (rng) => (list) => list[rng(list.length)];

const BAD_FEN = ['Z:nonsense', 'B:W21-32:B1-40', 'W:W22:B5:X', 'B:W33:B1', '', ' ', 'W::', 'B:WK:BK', 'x'.repeat(3000)];
const BAD_TFEN = ['8/8', '9/8/8/8/8/8/8/8 r', '8/8/8/8/8/8/8/M[M]7 r', '8/8/8/8/8/8/8/K[U[K]]7 r', 'mmmmmmmm/mmmmmmmm/8/8/8/8/8/8 r', '8/8/8/8/8/8/8/8 q', 'x'.repeat(3000)];
const BAD_PDN = ['1. 11-15 11-16 *', '[FEN "x"]\n1. 11-15', '[GameType "Tiers"]\n1. e3-e4 e3-e4', '1. 11-15 {unclosed', '[Event "', '1. ' + '11-15 '.repeat(400), '\u0000\ud800'];

/**
 * A malformed command: every one has a defect the frame must refuse with
 * an `error` event (`{ value }` is posted as it is; `{ special }` is built
 * in the host page: values JSON cannot write).
 */
function malformedCommand(rng) {
  const pick = pickOf(rng);
  const base = (type, fields = {}) => ({ value: { tiers: 1, type, ...fields } });
  switch (rng(9)) {
    case 0:
      return { value: pick([null, 0, -1, 1.5, true, false, '', 'not json', '{"tiers":1', '[1,2', 'null', '42', '"flip"', '[]', [], [1, 2, 3], [{ tiers: 1, type: 'flip' }], 'x'.repeat(100_000)]) };
    case 1:
      return { value: { tiers: pick([0, 2, '1', -1, 1.5, null, true, [1], { v: 1 }, 1e21, '']), type: pick(['flip', 'newGame', 'setPosition']) } };
    case 2:
      return rng(2) === 0
        ? { value: { tiers: 1, type: pick([7, null, [], {}, true]) } }
        : base(pick(['castle', 'NEWGAME', 'newgame', ' flip', 'flip ', '', '__proto__', 'toString', 'constructor', 'x'.repeat(5000)]));
    case 3: {
      // newGame with one bad parameter among good ones.
      const good = pick([{}, { players: 2 }, { game: 'tiers' }, { ai: 3, color: 'black' }, { undo: false }]);
      const bad = pick([
        { ai: pick([0, 9, 'x', -1, 1e9, '', 2.5]) },
        { game: pick(['chess', '', 'Tiers!', 5]) },
        { players: pick([3, 'two', 0]) },
        { color: pick(['purple', '', 'redd']) },
        { flip: pick(['maybe', 2]) },
        { orientation: pick(['green', 'up']) },
        { undo: pick(['perhaps', 3]) },
        { fen: pick(BAD_FEN) },
        { tfen: pick(BAD_TFEN) },
        { pdn: pick(BAD_PDN) },
        { zoom: '2' },
        { game: { name: 'tiers' } },
        { ai: [1] },
        { fen: 'W:W22:B5', tfen: '8/8/8/8/8/8/8/K7 r' },
        { game: 'checkers', tfen: '8/8/8/8/8/8/8/K7 r' },
        { ai: 2, players: 2 },
      ]);
      return base('newGame', { ...good, ...bad });
    }
    case 4:
      return base('setPosition', pick([
        {},
        { fen: pick(BAD_FEN) },
        { tfen: pick(BAD_TFEN) },
        { fen: 'W:W22:B5', tfen: '8/8/8/8/8/8/8/K7 r' },
        { fen: { text: 'W:W22:B5' } },
        { fen: ['W:W22:B5'] },
        { fen: 'W:W22:B5', extra: 1 },
        { pdn: '1. 11-15' },
        { fen: null, tfen: null },
      ]));
    case 5:
      return base('flip', pick([
        { orientation: pick(['green', 7, true, '', 'reds', 0]) },
        { orientation: [] },
        { orientation: {} },
        { colour: 'red' },
        { orientation: 'red', x: 1 },
      ]));
    case 6:
      // A real command with one character of its type changed.
      return base(pick(['newGam', 'setposition', 'fl1p', 'setPosition\u0000', 'newGame\n']));
    case 7:
      return { special: rng(10) };
    default: {
      // A command inside a string holding broken JSON.
      const text = JSON.stringify({ tiers: 1, type: pick(['flip', 'newGame']) });
      const cut = 1 + rng(text.length - 2);
      return { value: text.slice(0, cut) };
    }
  }
}

/** Builds special value `k` in the host page and posts it. */
function postSpecial(k) {
  const deep = (n) => (n === 0 ? 'deep' : [deep(n - 1)]);
  const many = {};
  for (let i = 0; i < 3000; i++) many[`f${i}`] = 'x';
  const values = [
    () => BigInt(1),
    () => new Date(0),
    () => new Map([['tiers', 1]]),
    () => new Uint8Array(16),
    () => ({ tiers: BigInt(1), type: 'flip' }),
    () => ({ tiers: 1, type: 'flip', orientation: new Date() }),
    () => ({ tiers: 1, type: 'newGame', game: deep(200) }),
    () => ({ tiers: Infinity, type: 'flip' }),
    () => ({ tiers: NaN, type: 'flip' }),
    () => ({ tiers: 1, type: 'newGame', ...many }),
  ];
  window.send(values[k]());
}

/** Parts of malformed addresses; `safe` ones never give a valid start or a computer opponent. */
const URL_PARTS = [
  ['game=chess', true], ['game=tiers', false], ['game=', true], ['game', true], ['ai=9', false], ['ai=', false],
  ['players=3', true], ['colour=blue', true], ['color=', true], ['flip=maybe', true], ['orientation=up', true],
  ['undo=perhaps', true], ['fen=Z%3Anonsense', true], [`fen=${encodeURIComponent('B:W21-32:B1-40')}`, true],
  [`tfen=${encodeURIComponent('8/8/8/8/8/8/8/M[M]7 r')}`, true], ['tfen=8%2F8', true],
  [`pdn=${encodeURIComponent('1. 11-15 11-16')}`, true], ['pdn=%5BFEN%20%22', true], ['%', true], ['%zz', true],
  ['%ff%fe', true], ['%00', true], ['%ed%a0%80', true], ['=', true], ['==', true], ['&&&', true], ['+', true],
  ['origin=*', true], ['origin=javascript%3Aalert(1)', true], ['origin=https%3A%2F%2Fa.com%2Fpath', true],
  ['origin=ftp%3A%2F%2Fx', true], ['embed=0', true], ['zoom=2', true], ['é=ü', true], [`pdn=${'x'.repeat(6000)}`, true],
  [`fen=${'1'.repeat(3000)}`, true], ['ai=1&players=2', false], ['fen=W%3AW22%3AB5&tfen=8%2F8', true],
];

/** A malformed embed address (its query); `playable`: for two people, no valid start given. */
function malformedUrl(rng, playable) {
  const pool = playable ? URL_PARTS.filter(([, safe]) => safe) : URL_PARTS;
  const parts = [];
  for (let i = 0, n = 1 + rng(5); i < n; i++) parts.push(pool[rng(pool.length)][0]);
  return (playable ? 'players=2&' : '') + parts.join('&') + (rng(4) === 0 ? '#' + 'y'.repeat(rng(50)) : '');
}

/** Makes some move on a two-player board by clicking; true when the position changed. */
async function playSomething(page, board) {
  const before = JSON.stringify(await boardLabels(page, board));
  const pieces = await page.$$eval(`[id^="${board}-"].square`, (els) =>
    els.filter((e) => /, (red|black) /.test(e.getAttribute('aria-label') ?? '')).map((e) => e.id));
  const targets = () => page.$$eval(`[id^="${board}-"].square.target`, (els) => els.map((e) => e.id));
  for (const id of pieces) {
    await page.click(`#${id}`);
    let t = await targets();
    for (let step = 0; t.length > 0 && step < 16; step++) {
      await page.click(`#${t[0]}`);
      if (JSON.stringify(await boardLabels(page, board)) !== before) return true;
      t = await targets();
    }
  }
  return false;
}

test('200 malformed postMessage commands and 50 malformed addresses: the embed page refuses each and plays on', async () => {
  const query = (host) => `embed=1&players=2&origin=${encodeURIComponent(host)}`;
  await withHost(query, async (page, ctx) => {
    const { app, host } = ctx;
    await page.goto(host.url + '/host.html');
    const frame = page.frameLocator('#frame');
    await events(page, 1);
    // Black opens: 11-15.
    await frame.locator('#embed-f6').click();
    await frame.locator('#embed-e5').click();
    const opened = await events(page, 2);
    assert.deepEqual([opened[1].type, opened[1].move], ['move', '11-15']);

    const rng = seeded(16);
    const commands = Array.from({ length: 200 }, () => malformedCommand(rng));
    await page.evaluate(`window.postSpecial = ${postSpecial.toString()}`);
    for (const c of commands) {
      if ('special' in c) await page.evaluate((k) => window.postSpecial(k), c.special);
      else await page.evaluate((m) => window.send(m), c.value);
    }
    await events(page, 2 + 200);
    // The game is as it was, and goes on: Red plays 22-18. The frame reads
    // messages in order, so its move event comes after whatever the 200
    // commands caused: exactly one error each.
    await frame.locator('#embed-c3').click();
    await frame.locator('#embed-d4').click();
    await page.waitForFunction(() => window.events.some((e) => e.type === 'move' && e.ply === 2));
    const all = await page.evaluate(() => window.events);
    const after = all.slice(2, -1);
    assert.equal(after.length, 200, 'one event for each command');
    after.forEach((e, i) => {
      assert.equal(e.type, 'error', `command ${i} (${JSON.stringify(commands[i]).slice(0, 200)}) is refused: ${JSON.stringify(e).slice(0, 300)}`);
      assert.ok(typeof e.message === 'string' && e.message.trim().length > 0, `command ${i}: a message`);
    });
    const moved = all.at(-1);
    assert.deepEqual([all.length, moved.type, moved.move, moved.ply], [203, 'move', '22-18', 2]);
    await shot(page, 'hostile-embed-after-commands');
    assert.deepEqual(page.problems(), [], 'no page error or panic');

    // 50 malformed addresses, each opened as the embed page.
    const urls = seeded(1616);
    for (let i = 0; i < 50; i++) {
      const playable = i % 5 === 0;
      const query = malformedUrl(urls, playable);
      const p = await ctx.page();
      await p.goto(`${app.url}${i % 2 ? '/embed?' : '/?embed=1&'}${query}`);
      await p.getByRole('grid').waitFor();
      const box = p.locator('#embed-problems');
      if (await box.count()) {
        assert.ok((await box.innerText()).trim().length > 0, `${query}: the problems are explained`);
      }
      assert.ok((await p.locator('#status-text').innerText()).trim().length > 0, `${query}: a status`);
      if (playable) {
        if (await box.count()) await p.locator('#embed-problems-close').click();
        assert.ok(await playSomething(p, 'embed'), `${query}: a move can be made`);
      }
      if (i === 0) await shot(p, 'hostile-embed-bad-address');
      assert.deepEqual(p.problems(), [], `${query}: no page error or panic`);
      await p.close();
    }
  });
});

/** A JSON field somewhere in `value` (a path of keys/indexes), chosen by `rng`. */
function somePath(rng, value, depth = 0) {
  if (value === null || typeof value !== 'object' || depth > 3) return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (keys.length === 0) return [];
  const k = keys[rng(keys.length)];
  if (rng(2) === 0) return [k];
  return [k, ...somePath(rng, value[k], depth + 1)];
}

/** `value` with the field at `path` given a value of another type (or removed). */
function wrongField(rng, value, path) {
  const copy = structuredClone(value);
  if (path.length === 0) return copy;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1];
  const odd = [null, 7, -1, 'x', true, [], {}, 1e300, '\ud800'];
  if (rng(4) === 0 && !Array.isArray(at)) delete at[last];
  else at[last] = odd[rng(odd.length)];
  return copy;
}

/** A damaged version of a record's text (whole: truncated, garbage, another version, another shape). */
function damageWhole(rng, text) {
  switch (rng(6)) {
    case 0:
      return text.slice(0, rng(text.length));
    case 1: {
      const at = rng(text.length + 1);
      const junk = ['\u0000', '\ud800', '}', '{', '"', ',', 'é', '\\', 'null'][rng(9)];
      return text.slice(0, at) + junk + text.slice(at);
    }
    case 2:
      return text.replace('"v":1', '"v":2').replace('"version":1', '"version":2');
    case 3:
      return JSON.stringify(wrongField(rng, JSON.parse(text), somePath(rng, JSON.parse(text))));
    case 4:
      return ['', 'null', '[]', '"text"', '{}', 'garbage', '{"v":1}'][rng(7)];
    default:
      return text + text;
  }
}

test('20 damaged localStorage states: a notice, the damaged text set aside, the intact records kept, the page plays', async () => {
  await withApp({}, async (page) => {
    // Real records: a finished game in the archive, a game in progress.
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '11-15');
    await resign(page);
    // (Escape closes the dialog once its button has the focus.)
    await focused(page, '[role=dialog]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '11-15');
    await waitForMoves(page, 1);
    await storedJson(page, 'tiers.saved', (v) => v?.game?.moves?.length === 1);
    const good = {
      saved: await stored(page, 'tiers.saved'),
      archive: await stored(page, 'tiers.archive', (t) => JSON.parse(t ?? '{}').games?.length === 1),
      lessons: '{"v":1,"stars":{"checkers/moving/1":3,"tiers/man/2":2}}',
      tournaments: '{"format":"tiers-tournaments","version":1,"next_id":1,"tournaments":[],"match":null}',
      // As the app writes them, with letters and digits on the checkers board's edge.
      preferences: (await stored(page, 'tiers.preferences')).replace('"checkers_coords":"numbers"', '"checkers_coords":"edge"'),
      language: 'en',
    };
    assert.match(good.preferences, /"checkers_coords":"edge"/);
    const entry = JSON.parse(good.archive).games[0];
    assert.ok(entry, 'a finished game in the archive');

    const rng = seeded(2016);
    for (let i = 0; i < 20; i++) {
      const keys = ['saved', 'archive', 'lessons', 'tournaments', 'preferences', 'language'];
      let damaged = keys.filter(() => rng(2) === 0);
      if (damaged.length === 0) damaged = [keys[i % keys.length]];
      const texts = { ...good };
      // For the archive, half the time an unreadable game next to the intact one.
      let besides = null;
      for (const k of damaged) {
        if (k === 'archive' && rng(2) === 0) {
          const bad = rng(2) === 0 ? { ...entry, id: entry.id + 1, pdn: '1. 11-15 11-16 *' } : { ...entry, id: entry.id + 2, moves: 'many' };
          besides = bad.id;
          texts.archive = JSON.stringify({ v: 1, games: [entry, bad] });
        } else if (k === 'language') {
          texts[k] = ['xx', '', 'EN-gb-x', 'fr_FR', '\u0000', 'null', '{"v":1}', 'de '.repeat(1000)][rng(8)];
        } else {
          texts[k] = damageWhole(rng, good[k]);
        }
      }
      await page.evaluate((t) => {
        localStorage.clear();
        for (const [k, v] of Object.entries(t)) localStorage.setItem(`tiers.${k}`, v);
      }, texts);
      await page.reload();
      await page.locator('.brand').waitFor();
      // The app has started and written its records: its first effects
      // (the records, then the look on the root element) have run.
      await page.waitForFunction(() => document.documentElement.className.includes('theme-'));
      const what = `state ${i} (damaged: ${damaged.join(', ')}; ${JSON.stringify(damaged.map((k) => texts[k].slice(0, 80)))})`;
      for (const n of await page.locator('.notice').allTextContents()) {
        assert.ok(n.trim().length > 0, `${what}: a notice says something`);
      }
      const now = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
      const aside = (k) => now[`tiers.set-aside.${k}`];
      // The intact records are kept.
      if (!damaged.includes('saved')) {
        assert.deepEqual(JSON.parse(now['tiers.saved']).game.moves, ['11-15'], `${what}: the saved game is kept`);
        await waitForMoves(page, 1);
      }
      if (!damaged.includes('archive') || besides !== null) {
        const ids = JSON.parse(now['tiers.archive']).games.map((g) => g.id);
        assert.ok(ids.includes(entry.id), `${what}: the intact archived game is kept (${ids})`);
      }
      if (besides !== null) {
        assert.match(aside('archive') ?? '', new RegExp(`"id":${besides}\\b`), `${what}: the unreadable game is set aside`);
      }
      if (!damaged.includes('lessons')) {
        assert.equal(JSON.parse(now['tiers.lessons']).stars['checkers/moving/1'], 3, `${what}: the stars are kept`);
      }
      if (!damaged.includes('preferences')) {
        assert.equal(JSON.parse(now['tiers.preferences']).checkers_coords, 'edge', `${what}: the checkers squares' style is kept`);
      }
      // A kept language that is none of the page's: the browser's (en-US).
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', `${what}: the page's language`);
      // A damaged record is set aside as it was, left as it was, or was readable and is kept.
      for (const k of damaged) {
        if (k === 'archive' && besides !== null) continue;
        // The kept language is boot.js's to read: left as it was.
        if (k === 'language') continue;
        const t = texts[k];
        const kept = aside(k) === t || now[`tiers.${k}`] === t;
        if (kept) continue;
        // Nothing set aside: what it held was read (the same game, stars, games).
        let value;
        try {
          value = JSON.parse(t);
        } catch {
          assert.fail(`${what}: ${k} is neither read nor kept`);
        }
        const read = JSON.parse(now[`tiers.${k}`] ?? 'null');
        if (k === 'saved' && value?.game?.moves) assert.deepEqual(read?.game?.moves, value.game.moves, `${what}: the saved game`);
        if (k === 'archive' && Array.isArray(value?.games)) {
          // Each game kept, or set aside (one a line).
          const apart = aside('archive') ? aside('archive').split('\n').length : 0;
          assert.equal(read.games.length + apart, value.games.length, `${what}: every archived game`);
        }
        if (k === 'lessons' && value?.stars && typeof value.stars === 'object') {
          for (const [key, s] of Object.entries(value.stars)) {
            // (A lone surrogate cannot cross into the app: it reads U+FFFD.)
            if ([1, 2, 3].includes(s) && key.split('/').length === 3) assert.equal(read.stars[key.toWellFormed()], s, `${what}: ${key}`);
          }
        }
      }
      if (i === 0) await shot(page, 'hostile-storage-notices');
      // The page still plays: a new game for two, a move.
      await startGame(page, { opponent: 'friend' });
      await playCheckers(page, '11-15');
      await waitForMoves(page, 1);
      assert.deepEqual(page.problems(), [], `${what}: no page error or panic`);
    }
  });
});

test('an unknown or damaged kept language: the page follows the browser (French here), a kept one is used', async () => {
  await withApp({ locale: 'fr-FR', open: false }, async (page, { server }) => {
    await page.goto(server.url + '/');
    for (const kept of ['xx', '', 'EN-gb-x', 'fr_FR', '\u0000', '\ud800', '{"v":1}', 'null', 'x'.repeat(5000), 'de', 'EN-gb']) {
      await page.evaluate((k) => localStorage.setItem('tiers.language', k), kept);
      await page.reload();
      await page.locator('#new-game-title').waitFor();
      const want = { de: 'de', 'EN-gb': 'en-GB' }[kept] ?? 'fr';
      const what = `kept ${JSON.stringify(kept.slice(0, 20))}`;
      assert.equal(await page.evaluate(() => document.documentElement.lang), want, what);
      assert.equal(await page.locator('#new-game-title').innerText(), say(want, 'newgame.title'), what);
      assert.deepEqual(page.problems(), [], `${what}: no page error or panic`);
    }
  });
});
