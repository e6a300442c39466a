// Accessibility measured, not assumed: axe-core's WCAG 2.0/2.1 A and AA
// rules run on every screen, as an auditor would, and fail the test with
// a readable list (screen, rule, node) on any violation.
//
// The matrix (a few minutes): every screen in the dark and the light page,
// at phone and desktop sizes; every board theme on the play screen (both
// page colours, desktop) and the non-visual mode's. Screens: new game, live play (terms and
// invite, and the game over the channel with an offer and a phrase: its own test, two devices), settings, rules, learn, a
// lesson, puzzles (rated, daily, a streak's start, a rush), the opening trainer, games, statistics, editor (and a practice game
// from it with the coach's verdict), tournaments and a new tournament's form,
// play checkers (and its game-over dialog, review, learn from your mistakes and analysis board with its engine and opening explorer), the Tiers formation,
// play Tiers, and the embed page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { shot } from '../harness.mjs';
import { CAMERA, PHONE, WEBRTC, detectorDouble, joinAndConnect, openNav, playCheckers, practiseWithVerdict, readyFormations, resign, startGame, still, withApp } from '../app.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['wood', 'green', 'blue', 'contrast'];
const SIZES = { desktop: { viewport: { width: 1200, height: 900 } }, phone: PHONE };

/**
 * Runs axe-core on the page as it is now (once nothing moves); returns its
 * violations as lines `screen: rule (impact): node — what is wrong`.
 */
async function audit(page, screen) {
  await still(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(
    (tags) =>
      window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) =>
        r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary.split('\n').slice(1).join(' ').trim() })),
        })),
      ),
    TAGS,
  );
  return violations.flatMap((v) => v.nodes.map((n) => `${screen}: ${v.id} (${v.impact}): ${n.target} — ${n.summary}`));
}

async function openSettings(page) {
  await openNav(page, 'show-settings');
  await page.locator('#settings-title').waitFor();
}

/** Chooses a setting's button (`board-green`, `mode-light`, …) on the Settings screen, then leaves it. */
async function choose(page, ids) {
  await openSettings(page);
  for (const id of ids) await page.click(`#${id}`);
  await page.click('#close-settings');
}

/** Every screen of the tour, at one size in one page colour; returns the violations. */
async function tour(page, ctx, { size, mode }) {
  const found = [];
  const at = (name) => `${name} [${size}, ${mode}]`;
  const check = async (name) => {
    found.push(...(await audit(page, at(name))));
  };
  await choose(page, [`mode-${mode}`]);
  await page.getByRole('heading', { name: /new game/i }).waitFor();
  await check('new game');
  await page.click('#live-start');
  await page.locator('#live-invite').waitFor();
  await check('live play: terms');
  await page.click('#live-invite');
  await page.locator('#live-invite-link').waitFor();
  await check('live play: invite');
  await openSettings(page);
  await check('settings');
  await page.click('#close-settings');

  await openNav(page, 'show-rules');
  await page.getByRole('heading', { name: /rules/i }).first().waitFor();
  await check('rules');

  await openNav(page, 'show-learn');
  await page.locator('[data-lesson="checkers/1"]').waitFor();
  await check('learn');
  await page.locator('[data-lesson="checkers/1"]').click();
  await page.locator('#lesson-title').waitFor();
  await check('a lesson');

  await openNav(page, 'show-puzzles');
  await page.locator('.puzzle-board').waitFor();
  await check('puzzles');
  // The puzzle modes: the daily puzzle, a streak's start, a rush under way.
  await page.click('#puzzle-mode-daily');
  await page.locator('#puzzle-daily').waitFor();
  await page.locator('.puzzle-board').waitFor();
  await check('daily puzzle');
  await page.click('#puzzle-mode-streak');
  await page.locator('#run-start').waitFor();
  await check('puzzle streak');
  await page.click('#puzzle-mode-rush');
  await page.click('#run-start');
  await page.locator('#run-bar').waitFor();
  await page.locator('.puzzle-board').waitFor();
  await check('puzzle rush');
  await page.click('#puzzle-mode-rated');
  // The opening trainer, reached from the puzzles screen.
  await page.click('#show-openings');
  await page.locator('#openings-ballot').waitFor();
  await page.click('#openings-ballots summary');
  await page.click('#openings-chosen');
  await page.locator('#openings-list').waitFor();
  await check('opening trainer');

  await openNav(page, 'show-games');
  await page.getByRole('heading', { name: /games/i }).first().waitFor();
  await check('games');
  await page.click('#show-statistics');
  await page.locator('#stats-title').waitFor();
  await check('statistics');

  await openNav(page, 'show-editor');
  await page.locator('#editor-verdict').waitFor();
  await check('editor');
  await practiseWithVerdict(page);
  await check('practice with a verdict');

  await openNav(page, 'show-tournaments');
  await page.locator('#new-tournament').waitFor();
  await check('tournaments');
  await page.click('#new-tournament');
  await page.locator('#create-tournament').waitFor();
  await check('new tournament');

  await startGame(page, { game: 'tiers', opponent: 'friend' });
  await check('formation');
  await readyFormations(page);
  await check('play Tiers');

  await startGame(page, { game: 'checkers', opponent: 'friend' });
  await page.click('#play-c3');
  await check('play checkers');
  await page.click('#play-c3');
  if (size === 'desktop') {
    for (const theme of THEMES) {
      await choose(page, [`theme-${theme}`]);
      await page.locator('.play .board').waitFor();
      await check(`play checkers, ${theme} board`);
      if (theme !== 'wood') await shot(page, `axe-play-${theme}-${mode}`);
    }
    await choose(page, ['theme-wood', 'non-visual']);
    await page.locator('#play-text-board').waitFor();
    await check('play checkers, non-visual mode');
    await choose(page, ['non-visual']);
  }
  // Red's 19-16 gives a man away: the review makes an exercise of it.
  for (const mv of ['11-15', '23-19', '9-14', '19-16', '12x19']) await playCheckers(page, mv);
  await resign(page);
  await page.getByRole('dialog').waitFor();
  await check('game over');
  await shot(page, `axe-game-over-${size}-${mode}`);
  await page.click('#review-game');
  await page.locator('#review-counts').waitFor({ timeout: 120_000 });
  await check('review on the analysis board');
  await shot(page, `axe-review-${size}-${mode}`);
  // Learn from your mistakes: the exercise with a refused answer, the summary.
  await page.click('#drill-open');
  await playCheckers(page, '19-16', 'drill');
  await page.locator('#drill-note.wrong').waitFor();
  await check('learn from your mistakes');
  await shot(page, `axe-drill-${size}-${mode}`);
  await page.click('#drill-next');
  await page.locator('#drill-summary').waitFor();
  await check('learn from your mistakes: summary');
  await page.click('#drill-done');
  await page.locator('#review-counts').waitFor();
  // Back on the analysis board with the review: its start, a move played
  // and chosen (its NAGs and comment shown).
  await page.locator('#analysis-title').waitFor();
  await page.click('#analysis-first');
  await playCheckers(page, '11-15', 'analysis');
  await page.locator('#analysis-comment').waitFor();
  await check('analysis board');
  await shot(page, `axe-analysis-${size}-${mode}`);
  // Its engine: the lines, every move's score and the threat shown.
  await page.click('#analysis-engine-toggle');
  await page.click('#analysis-all-toggle');
  await page.click('#analysis-threat-toggle');
  await page.locator('#analysis-scores li').first().waitFor({ timeout: 120_000 });
  await page.locator('#analysis-threat', { hasText: /Threat: / }).waitFor({ timeout: 120_000 });
  await page.locator('#analysis-lines .engine-line').first().waitFor({ timeout: 120_000 });
  await check('analysis board engine');
  await page.click('#analysis-engine-toggle');
  // Its opening explorer: the player's games, then the collection's.
  await page.click('#explorer-toggle');
  await page.locator('#explorer-summary').waitFor();
  await check('analysis board explorer: your games');
  await page.click('#explorer-tab-collection');
  await page.locator('#explorer-moves .explorer-row').first().waitFor({ timeout: 60_000 });
  await check('analysis board explorer: collection');
  await shot(page, `axe-explorer-${size}-${mode}`);
  await page.click('#explorer-toggle');

  await page.goto(ctx.server.url + '/?embed=1&ai=2');
  await page.locator('#embed-a1').waitFor();
  await check('embed');
  return found;
}

for (const [size, options] of Object.entries(SIZES)) {
  for (const mode of ['dark', 'light']) {
    test(`axe-core (WCAG 2.1 A/AA) finds nothing on any screen: ${size}, ${mode} page`, async () => {
      await withApp({ ...options, bypassCSP: true }, async (page, ctx) => {
        const found = await tour(page, ctx, { size, mode }).catch(async (e) => {
          await shot(page, `axe-stopped-${size}-${mode}`);
          throw e;
        });
        assert.equal(found.length, 0, `${found.length} violations:\n${found.join('\n')}`);
      });
    });
  }
}

for (const [size, options] of Object.entries(SIZES)) {
  test(`axe-core (WCAG 2.1 A/AA) finds nothing on the live game: ${size}`, async () => {
    await withApp({ ...options, bypassCSP: true, args: WEBRTC }, async (ann, ctx) => {
      const { page: bob } = await ctx.device({ ...options, bypassCSP: true });
      await joinAndConnect(ann, bob);
      await ann.locator('#live-offer-draw').click();
      await bob.locator('#live-accept-draw').waitFor();
      await ann.locator('#live-say').click();
      await bob.locator('#live-said-list').waitFor();
      const found = [...(await audit(bob, `live game, an offer [${size}]`)), ...(await audit(ann, `live game [${size}]`))];
      // The game over, a rematch offered; then the connection lost, and
      // the reconnect screen.
      await bob.locator('#live-accept-draw').click();
      for (const page of [ann, bob]) {
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await ann.locator('#live-offer-rematch').click();
      await bob.locator('#live-accept-rematch').waitFor();
      found.push(...(await audit(bob, `live game, a rematch offered [${size}]`)));
      await bob.goto(ctx.server.url + '/');
      await ann.locator('#live-reconnect').waitFor();
      found.push(...(await audit(ann, `live game, connection lost [${size}]`)));
      await ann.locator('#live-reconnect').click();
      await ann.locator('#live-rejoin').waitFor();
      found.push(...(await audit(ann, `live reconnect screen [${size}]`)));
      await choose(ann, ['mode-light']);
      await ann.locator('#live-rejoin').waitFor();
      found.push(...(await audit(ann, `live reconnect screen, light [${size}]`)));
      await shot(ann, `axe-live-rejoin-${size}-light`);
      assert.equal(found.length, 0, `${found.length} violations:\n${found.join('\n')}`);
    });
  });
}

// Live play's camera view (a detector double and Chromium's fake camera:
// e2e/tests/live-scan.test.mjs): the join box's and the answer's, and a
// code that is not a link refused, in both page colours.
for (const [size, options] of Object.entries(SIZES)) {
  test(`axe-core (WCAG 2.1 A/AA) finds nothing on live play's camera view: ${size}`, async () => {
    await withApp({ ...options, bypassCSP: true, args: CAMERA, setup: (p) => p.addInitScript(detectorDouble, ['qr_code']) }, async (page, ctx) => {
      const found = [];
      for (const mode of ['dark', 'light']) {
        await page.goto(ctx.server.url + '/');
        await page.getByRole('heading', { name: /new game/i }).waitFor();
        await choose(page, [`mode-${mode}`]);
        await page.click('#live-start');
        await page.locator('#live-scan-invite-start').click();
        await page.locator('#live-scan-invite-video').waitFor();
        found.push(...(await audit(page, `live play: scanning an invite [${size}, ${mode}]`)));
        await page.locator('#live-scan-invite-cancel').click();
        await page.click('#live-invite');
        await page.locator('#live-scan-answer-start').click();
        await page.locator('#live-scan-answer-video').waitFor();
        found.push(...(await audit(page, `live play: scanning the answer [${size}, ${mode}]`)));
        await page.evaluate(() => {
          window.__code = 'not a link';
        });
        await page.locator('#live-error').waitFor();
        found.push(...(await audit(page, `live play: a code that is not a link [${size}, ${mode}]`)));
        await shot(page, `axe-live-scan-${size}-${mode}`);
      }
      assert.equal(found.length, 0, `${found.length} violations:\n${found.join('\n')}`);
    });
  });
}
