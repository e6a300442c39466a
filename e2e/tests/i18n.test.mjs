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
import { catalogue, openNav, say, startGame, withApp } from '../app.mjs';

const EN = catalogue('en');

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
    await openNav(page, 'show-tournaments');
    await page.locator('#new-tournament').click();
    await look('tournament-new');
    await openNav(page, 'show-new-game');
    await page.locator('[data-game=checkers]').click();
    await page.getByRole('button', { name: say('fr', 'newgame.friend') }).click();
    await page.locator('#start-game').click();
    await page.locator('.play .board').waitFor();
    await look('play');
    await page.locator('#resign').click();
    await page.locator('#resign').click();
    await page.getByRole('dialog').waitFor();
    await look('game-over');
    const left = Object.entries(screens).filter(([, t]) => t.length);
    assert.deepEqual(left, [], 'English texts left on screen');
  });
});
