// The page in the player's language (docs/user-guide.md, "Settings"): the
// first visit follows the browser's language (a browser per locale), the
// Language setting switches it without a reload and is kept, plurals
// follow the count, and in French no screen shows a text of the English
// catalogue (every screen walked). The expected words come from the
// catalogues of the build (dist/i18n/<lang>.txt); a language without its
// file yet is shown in English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  WEBRTC, catalogue, checkersSquare, focused, joinAndConnect, openNav, playCheckers, practiseWithVerdict, resign, say, startGame, waitForMoves, withApp,
} from '../app.mjs';

const EN = catalogue('en');

/** Starts a checkers game for two from the French new game screen. */
async function frenchGameForTwo(page) {
  await openNav(page, 'show-new-game');
  await page.locator('[data-game=checkers]').click();
  await page.getByRole('button', { name: say('fr', 'newgame.friend') }).click();
  await page.locator('#start-game').click();
  await page.locator('.play .board').waitFor();
}

/** Opens the page and waits for the new game screen (in any language). */
async function open(page, url) {
  await page.goto(url);
  await page.locator('#new-game-title').waitFor();
}

// Each browser locale and the page's language it gets.
const LOCALES = [
  ['en-US', 'en'],
  ['en-GB', 'en-GB'],
  ['en-AU', 'en-GB'],
  ['en-IE', 'en-GB'],
  ['es-MX', 'es'],
  ['pt-PT', 'pt-BR'],
  ['fr-CA', 'fr'],
  ['de-AT', 'de'],
  ['it-IT', 'it'],
  ['ja-JP', 'en'],
];

for (const [locale, lang] of LOCALES) {
  test(`first visit with the browser in ${locale}: the page in ${lang}`, async () => {
    await withApp({ locale, open: false }, async (page, { server }) => {
      await open(page, server.url + '/');
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.equal(await page.locator('#new-game-title').innerText(), say(lang, 'newgame.title'));
      assert.equal(await page.locator('[data-game=checkers] .choice-title').innerText(), say(lang, 'game.checkers'));
      assert.equal(await page.locator('#start-game').innerText(), say(lang, 'newgame.start'));
      // Only the page's own catalogue was fetched.
      const fetched = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.includes('/i18n/')),
      );
      const own = catalogue(lang) ? [`/i18n/${lang}.txt`] : [`/i18n/${lang}.txt`, '/i18n/en.txt'];
      assert.deepEqual(fetched.sort(), own.sort());
      await shot(page, `i18n-first-visit-${locale}`);
    });
  });
}

test('the Language setting switches the page without a reload, and is kept', async () => {
  await withApp({ locale: 'en-US', open: false }, async (page, { server }) => {
    await open(page, server.url + '/');
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await openNav(page, 'show-settings');
    await page.locator('#language').selectOption('en-GB');
    await page.waitForFunction(() => document.documentElement.lang === 'en-GB');
    await page.locator('#settings-title', { hasText: say('en-GB', 'nav.settings') }).waitFor();
    assert.equal(
      await page.locator('#checkers-coords-label').innerText(),
      say('en-GB', 'settings.checkers-coords'),
      'British words',
    );
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    await openNav(page, 'show-new-game');
    assert.equal(await page.locator('[data-game=checkers] .choice-title').innerText(), 'Draughts');
    assert.match(await page.locator('[data-game=checkers] .choice-blurb').innerText(), /draughts/);
    // A game keeps going across a switch: the status line changes words.
    await startGame(page, { opponent: 'friend' });
    await openNav(page, 'show-settings');
    const other = catalogue('fr') ? 'fr' : 'en';
    await page.locator('#language').selectOption(other);
    await page.waitForFunction((l) => document.documentElement.lang === l, other);
    await page.locator('#close-settings').click();
    await page.locator('#status-text').waitFor();
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    // Kept: a reload (the browser still says en-US) opens in that language.
    await page.reload();
    await page.locator('#status-text').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), other);
  });
});

test('a plural in two counts: 1 minute, 5 minutes', async () => {
  await withApp({ locale: 'en-US', open: false }, async (page, { server }) => {
    await open(page, server.url + '/');
    await page.locator('#clock-custom').click();
    const note = async (minutes) => {
      await page.locator('#clock-minutes').fill(String(minutes));
      await page.locator('#clock-minutes').press('Tab');
      return page.locator('#clock-note').innerText();
    };
    assert.match(await note(1), /^1 minute each,/);
    assert.match(await note(5), /^5 minutes each,/);
  });
});

/**
 * Every text on the page (each element's own text, and accessible names
 * and titles) that is an English catalogue message with another text in
 * `lang`: English left on screen.
 */
async function english(page, lang) {
  const tr = catalogue(lang);
  const left = new Set();
  for (const [key, text] of EN) {
    const own = tr.get(key);
    if (own !== undefined && own !== text && !text.includes('{') && /[a-z]{3}/.test(text)) left.add(text);
  }
  const seen = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('[hidden]')) continue;
      for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
    }
    return out;
  });
  return [...new Set(seen.filter((t) => left.has(t)))];
}

test('in French no screen shows English', { skip: !catalogue('fr') && 'no French catalogue yet' }, async () => {
  await withApp({ locale: 'fr-FR', open: false }, async (page, { server }) => {
    await open(page, server.url + '/');
    const screens = {};
    const look = async (name) => {
      screens[name] = await english(page, 'fr');
      await shot(page, `i18n-fr-${name}`);
    };
    await look('new-game');
    await page.locator('[data-game=tiers]').click();
    await look('new-game-tiers');
    // Live Tiers: its terms and the invite.
    await page.locator('#live-start').click();
    await page.locator('#live-invite').waitFor();
    await look('live-tiers');
    await openNav(page, 'show-new-game');
    await page.locator('[data-game=checkers]').click();
    await page.locator('#live-start').click();
    await page.locator('#live-invite').waitFor();
    await look('live');
    await page.locator('#live-invite').click();
    await page.locator('#live-invite-link').waitFor();
    await look('live-invite');
    for (const [id, name] of [
      ['show-learn', 'learn'],
      ['show-puzzles', 'puzzles'],
      ['show-games', 'games'],
      ['show-editor', 'editor'],
      ['show-tournaments', 'tournaments'],
      ['show-rules', 'rules'],
      ['show-settings', 'settings'],
    ]) {
      await openNav(page, id);
      await page.waitForLoadState('networkidle');
      await look(name);
    }
    await openNav(page, 'show-games');
    await page.locator('#show-statistics').click();
    await page.locator('#stats-title').waitFor();
    await look('statistics');
    // The puzzle modes.
    await openNav(page, 'show-puzzles');
    await page.locator('#puzzle-mode-daily').click();
    await page.locator('.puzzle-board').waitFor();
    await look('puzzles-daily');
    await page.locator('#puzzle-mode-streak').click();
    await look('puzzles-streak');
    await page.locator('#puzzle-mode-rush').click();
    await page.locator('#run-start').click();
    await page.locator('#run-bar').waitFor();
    await look('puzzles-rush');
    await page.locator('#puzzle-mode-rated').click();
    await openNav(page, 'show-tournaments');
    await page.locator('#new-tournament').click();
    await look('tournament-new');
    await practiseWithVerdict(page);
    await look('practice-verdict');
    await frenchGameForTwo(page);
    await look('play');
    await page.locator('#resign').click();
    await page.locator('#resign').click();
    await page.getByRole('dialog').waitFor();
    await look('game-over');
    await page.keyboard.press('Escape');
    await page.locator('#analyse-game').click();
    await page.locator('#analysis-title').waitFor();
    await playCheckers(page, '11-15', 'analysis');
    await page.locator('#analysis-comment').waitFor();
    await look('analysis');
    const left = Object.entries(screens).filter(([, t]) => t.length);
    assert.deepEqual(left, [], 'English texts left on screen');
  });
});

/**
 * The pieces of English messages with arguments (the words between the
 * arguments, of two words or more, that no `lang` message has) found
 * inside the page's texts: English words inside a translated sentence
 * (an error's detail, a stored name).
 */
async function englishInside(page, lang) {
  const tr = catalogue(lang);
  const theirs = [...tr.values()].join('\n').toLowerCase();
  const pieces = new Set();
  for (const [key, text] of EN) {
    if (tr.get(key) === text) continue;
    for (const piece of text.split(/\{[a-z_]+\}/)) {
      const p = piece.trim().replace(/^[(:;,.·]+|[):;,.·]+$/g, '').trim();
      if (p.length >= 8 && /[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(p) && !theirs.includes(p.toLowerCase())) pieces.add(p);
    }
  }
  const seen = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('[hidden], textarea, input')) continue;
      for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
      for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
    }
    return out.join('\n');
  });
  return [...pieces].filter((p) => seen.includes(p));
}

/** English on the page, whole messages or inside translated ones. */
async function anyEnglish(page, lang) {
  return [...(await english(page, lang)), ...(await englishInside(page, lang))];
}

/** A function that notes the English left in French on the page under a name, with a screenshot. */
function looker(page, left, prefix) {
  return async (name) => {
    left[name] = await anyEnglish(page, 'fr');
    await shot(page, `${prefix}-${name}`);
  };
}

test('in French, errors and stored names are French: a malformed file, a bad link, damaged records, an illegal move, an archived game', { skip: !catalogue('fr') && 'no French catalogue yet' }, async () => {
  await withApp({ locale: 'fr-FR', open: false }, async (page, { server }) => {
    const left = {};
    const look = looker(page, left, 'i18n-fr-errors');
    await open(page, server.url + '/');

    // A game file with a game whose move is illegal and one cut short, pasted.
    await openNav(page, 'show-games');
    // (The import box is open while the archive is empty.)
    if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
    await page.locator('#import-text').fill('[Event "a"]\n1. 11-15 11-20 *\n\n[Event "b"]\n1. 11-15 24-19 2. 9-13 *');
    await page.locator('#import-read').click();
    await page.locator('.import-error').first().waitFor();
    const rows = await page.locator('.import-error').allInnerTexts();
    assert.ok(rows.some((r) => r.includes('11-20') && r.includes('coups légaux')), rows.join('\n'));
    await look('file-games');
    // A comment never closed; nothing pasted; a file with no game in it.
    await page.locator('#import-text').fill('1. 11-15 {jamais fermé');
    await page.locator('#import-read').click();
    await page.locator('#import-error').waitFor();
    assert.match(await page.locator('#import-error').innerText(), /n.est jamais fermé par/);
    await look('file-unclosed');
    await page.locator('#import-text').fill('');
    await page.locator('#import-read').click();
    await page.locator('#import-error').waitFor();
    await look('file-empty');
    await page.locator('#import-file').setInputFiles({ name: 'vide.pdn', mimeType: 'text/plain', buffer: Buffer.from('rien ici') });
    await page.getByText(/vide\.pdn/).first().waitFor();
    await look('file-no-game');

    // An illegal move clicked on the board: the engine's reason in French.
    await frenchGameForTwo(page);
    // (Black moves first, from 1-12.)
    await page.click(`#play-${checkersSquare(11)}`);
    await page.click(`#play-${checkersSquare(20)}`);
    await page.getByText(/11-20 n.est pas légal ici/).first().waitFor();
    await look('illegal-move');

    // The game resigned and archived: its players and outcome in French.
    await playCheckers(page, '11-15');
    await waitForMoves(page, 1);
    await resign(page);
    await page.getByRole('dialog').waitFor();
    await look('game-over');
    await focused(page, '[role=dialog]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await openNav(page, 'show-games');
    // The archive (the games screen still lists the file read before).
    await page.getByRole('group', { name: say('fr', 'games.archive-show-games-of') }).getByRole('button', { name: say('fr', 'games.all') }).click();
    await page.locator('.archive-title').first().waitFor();
    await look('archive');

    // A link to a game by link, cut short; another that is no link at all.
    for (const [name, value] of [['link-cut', 'AQ'], ['link-damaged', 'AAAAAAAAAAAAAAAA']]) {
      await page.goto(`${server.url}/?bylink=${value}`);
      await page.locator('.notice').first().waitFor();
      await look(name);
    }

    // Damaged records kept on the device.
    await page.evaluate(() => {
      localStorage.setItem('tiers.saved', '{pas du JSON');
      localStorage.setItem('tiers.archive', '{"v":1,"games":[{"id":1}]}');
      localStorage.setItem('tiers.lessons', '{"v":9,"stars":{}}');
      localStorage.setItem('tiers.preferences', '{"v":1,"board":"green","volume":400}');
      localStorage.setItem('tiers.puzzles', '{"v":1,"streak":"x"}');
    });
    await page.goto(server.url + '/');
    await page.locator('.notice').nth(4).waitFor();
    await look('damaged-records');

    const found = Object.entries(left).filter(([, t]) => t.length);
    assert.deepEqual(found, [], 'English left on screen');
  });
});

test('in French, the details of errors are French: a bad FEN in the editor, a damaged share link, bad tournament files', { skip: !catalogue('fr') && 'no French catalogue yet' }, async () => {
  await withApp({ locale: 'fr-FR', open: false }, async (page, { server }) => {
    const left = {};
    const look = looker(page, left, 'i18n-fr-details');
    await open(page, server.url + '/');

    // A FEN with a square that does not exist, then one with a square twice.
    await openNav(page, 'show-editor');
    await page.locator('#editor-fen').fill('B:W21-32:B1-40');
    await page.locator('#editor-fen-set').click();
    await page.locator('#editor-note').waitFor();
    assert.match(await page.locator('#editor-note').innerText(), /^Ce FEN ne peut pas être lu : la case \d+ n'existe pas/);
    await look('editor-no-square');
    await page.locator('#editor-fen').fill('W:W21,21:B1');
    await page.locator('#editor-fen-set').click();
    await page.locator('#editor-note', { hasText: 'la case 21 est listée deux fois' }).waitFor();
    await look('editor-twice');

    // A share link with a damaged position and an unknown game.
    await page.goto(`${server.url}/?game=chess&players=2&fen=B:W21-32:B1-40`);
    await page.locator('.notice').first().waitFor();
    const notice = await page.locator('.notice').first().innerText();
    assert.match(notice, /game=chess : jeu inconnu/, notice);
    assert.match(notice, /la case \d+ n'existe pas/, notice);
    await look('share-link');

    // Tournament files: one that is not JSON, one of an unknown game, one
    // with a field the format does not have.
    await openNav(page, 'show-tournaments');
    const head = '"format": "tiers-tournament", "version": 1';
    for (const [name, text, want] of [
      ['cassé.json', '{"format": ', /n'est pas du JSON \(ligne 1, colonne 12\)/],
      ['club.json', `{${head}, "name": "X", "game": "chess", "brackets": []}`, /game : jeu inconnu « chess »/],
      ['champ.json', `{${head}, "name": "X", "game": "checkers", "brackets": [], "lieu": "ici"}`, /lieu : ce champ ne fait pas partie/],
    ]) {
      await page.setInputFiles('#import-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.locator('#t-notice span', { hasText: name }).waitFor();
      assert.match(await page.locator('#t-notice span').innerText(), want);
      await look(`tournament-${name}`);
    }

    const found = Object.entries(left).filter(([, t]) => t.length);
    assert.deepEqual(found, [], 'English left on screen');
  });
});

test('in French the live game shows no English', { skip: !catalogue('fr') && 'no French catalogue yet' }, async () => {
  await withApp({ locale: 'fr-FR', args: WEBRTC, open: false }, async (ann, ctx) => {
    await open(ann, ctx.server.url + '/');
    const { page: bob } = await ctx.device({ locale: 'fr-FR' });
    await joinAndConnect(ann, bob);
    // A draw offer and a phrase on the page that receives them.
    await ann.locator('#live-offer-draw').click();
    await bob.locator('#live-accept-draw').waitFor();
    await ann.locator('#live-phrase').selectOption('well-played');
    await ann.locator('#live-say').click();
    await bob.locator('#live-note', { hasText: say('fr', 'live.phrase.well-played') }).waitFor();
    await shot(bob, 'i18n-fr-live-play');
    assert.deepEqual(await english(bob, 'fr'), [], 'English on the live game');
    assert.deepEqual(await english(ann, 'fr'), [], 'English on the live game (the inviter)');
  });
});
