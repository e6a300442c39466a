// The Learn screen as a learner uses it: the whole Tiers course on a
// 360×740 phone by taps (every exercise, the double ultra king's
// included), three stars for exercises solved first time and fewer with a
// hint or a wrong move, the progress found again after a reload, the
// checkers course by keyboard only, the lessons offline, and a screenshot of every lesson's
// first exercise (target/screenshots/learn-*.png). The moves come from the
// course files themselves; a "win in N" is finished with the hints, since
// the engine's answers are its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readUntil, shot } from '../harness.mjs';
import {
  PHONE, catalogue, courseFile, eventually, focused, lessonStars, openNav, playMoveBy, say, solveExercise, still, withApp,
} from '../app.mjs';

test('the whole Tiers course on a phone, by taps', async () => {
  await withApp(PHONE, async (page) => {
    const lessons = courseFile('tiers');
    assert.ok(lessons.length >= 14, `${lessons.length} lessons`);
    const tap = (sq) => page.locator(`#learn-${sq}`).tap();
    const press = (sel) => page.locator(sel).tap();
    // From the new game screen, Tiers chosen: "New to Tiers?"
    await page.locator('[data-game=tiers]').tap();
    await shot(page, 'learn-new-game-link');
    await page.locator('#learn-tiers').tap();
    await page.locator('[data-lesson="tiers/1"]').waitFor();
    assert.equal(await page.locator('[data-lesson^="tiers/"]').count(), lessons.length);
    await shot(page, 'learn-home');
    await page.locator('#learn-tiers').tap();
    let solved = 0;
    for (const [l, lesson] of lessons.entries()) {
      for (const [e, ex] of lesson.exercises.entries()) {
        const at = `tiers/${l + 1}/${e + 1}`;
        await page.locator(`[data-exercise="${at}"]`).waitFor();
        if (e === 0) {
          assert.equal(await page.locator('#lesson-title').innerText(), lesson.title);
          await still(page);
          await shot(page, `learn-tiers-${String(l + 1).padStart(2, '0')}`);
        }
        let want = '3 of 3 stars';
        if (at === 'tiers/3/1') {
          // One hint: the piece to move.
          await press('#learn-hint');
          assert.equal(await page.locator('#lesson-note').innerText(), 'Hint: move the piece on e4.');
          assert.equal(await page.locator('#learn-e4.zone').count(), 1, 'the hint marks the piece');
          want = '2 of 3 stars';
        }
        if (at === 'tiers/4/2') {
          // A legal move that is not the answer: explained, the board set up again.
          await playMoveBy(page, 'tiers', 'e4xc6', tap);
          assert.equal(
            await page.locator('#lesson-note').innerText(),
            'e4xc6: after it the black man on b7 jumps your man. Try again.',
          );
          assert.equal(await page.locator('#learn-e4').getAttribute('aria-label'), 'e4, red man');
          want = '2 of 3 stars';
        }
        if (at === 'tiers/1/1') {
          // A man outside the home rows is refused.
          await tap('d4');
          assert.match(await page.locator('#lesson-note').innerText(), /^d4 is outside Red's home rows/);
          want = '2 of 3 stars';
        }
        if (process.env.LEARN_DEBUG) console.log(at);
        const got = await solveExercise(page, 'tiers', ex, tap, press).catch(async (e) => {
          await shot(page, 'learn-failure');
          throw new Error(`${at}: ${e.message}`);
        });
        if (ex.steps[0].goal.startsWith('win in')) assert.notEqual(got, '3 of 3 stars', 'hints cost stars');
        else assert.equal(got, want, at);
        solved++;
        if (at === 'tiers/7/1') {
          // Reload mid-course: the stars are kept, "Continue" goes on.
          await page.reload();
          await page.getByRole('heading', { name: /new game/i }).waitFor();
          await openNav(page, 'show-learn', { tap: true });
          await page.locator('[data-lesson="tiers/6"]').waitFor();
          assert.equal(await page.locator('[data-lesson="tiers/6"] .lesson-stars').innerText(), '★ 9/9');
          assert.equal(await page.locator('[data-lesson="tiers/3"] .lesson-stars').innerText(), '★ 5/6');
          assert.equal(await page.locator('#learn-tiers').innerText(), 'Continue');
          await page.locator('#learn-tiers').tap();
          continue;
        }
        if (l + 1 < lessons.length || e + 1 < lesson.exercises.length) await press('#learn-next');
      }
    }
    assert.equal(solved, lessons.reduce((n, l) => n + l.exercises.length, 0));
    assert.match(await page.locator('#lesson-result').innerText(), /You have finished the Tiers course\./);
    await still(page);
    await shot(page, 'learn-tiers-done');
    // At the end: a game against level 2, through the formation screen.
    await press('#learn-next');
    await page.locator('#formation-title').waitFor();
    assert.match(await page.locator('#formation-status-black').innerText(), /computer/i);
    // The lessons list shows every lesson done.
    await openNav(page, 'show-learn', { tap: true });
    await press('#learn-close');
    assert.equal(await page.locator('[data-course=tiers] .lesson-stars.complete').count(), lessons.length);
    assert.equal(await page.locator('#learn-tiers').innerText(), 'Play again');
  });
});

/** The square under the board's keyboard cursor (a1…h8). */
function cursor(page) {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant')?.split('-').pop() ?? null);
}

/** Moves the keyboard cursor to a square with the arrow keys and presses Enter. */
async function keyTo(page, sq) {
  const flipped = (await page.locator('.lesson .board.flipped').count()) > 0;
  let now = await cursor(page);
  if (!now) {
    // The first key shows the cursor where it starts (drawn a moment later
    // on a busy machine).
    await page.keyboard.press('ArrowUp');
    now = await readUntil(() => cursor(page), (c) => c !== null, 'the keyboard cursor');
  }
  const df = sq.charCodeAt(0) - now.charCodeAt(0);
  const dr = Number(sq[1]) - Number(now[1]);
  const [right, up] = flipped ? ['ArrowLeft', 'ArrowDown'] : ['ArrowRight', 'ArrowUp'];
  const [left, down] = flipped ? ['ArrowRight', 'ArrowUp'] : ['ArrowLeft', 'ArrowDown'];
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? right : left);
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? up : down);
  await eventually(() => cursor(page), sq);
  await page.keyboard.press('Enter');
}

/** Tabs (forwards) until the element matching `selector` has the focus. */
async function tabFocus(page, selector) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no focus reached ${selector}`);
}

/** Tabs to the element matching `selector` and presses Enter. */
async function tabTo(page, selector) {
  await tabFocus(page, selector);
  await page.keyboard.press('Enter');
}

test('the whole checkers course by keyboard only', async () => {
  await withApp({}, async (page) => {
    const lessons = courseFile('checkers');
    assert.ok(lessons.length >= 10, `${lessons.length} lessons`);
    const board = async () => {
      if (!(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'grid'))) {
        await tabFocus(page, '.lesson .board');
      }
    };
    const key = async (sq) => {
      await board();
      await keyTo(page, sq);
    };
    const press = (sel) => tabTo(page, sel);
    await page.evaluate(() => document.activeElement?.blur());
    await tabTo(page, '#show-learn');
    await page.locator('[data-lesson="checkers/1"]').waitFor();
    await tabTo(page, '#learn-checkers');
    for (const [l, lesson] of lessons.entries()) {
      for (const [e, ex] of lesson.exercises.entries()) {
        const at = `checkers/${l + 1}/${e + 1}`;
        await page.locator(`[data-exercise="${at}"]`).waitFor();
        // A new exercise gives the board the focus (in an effect: a moment
        // after the exercise is drawn).
        await focused(page, '.lesson .board');
        if (e === 0) {
          await still(page);
          await shot(page, `learn-checkers-${String(l + 1).padStart(2, '0')}`);
        }
        if (process.env.LEARN_DEBUG) console.log(at);
        const got = await solveExercise(page, 'checkers', ex, key, press).catch(async (e) => {
          await shot(page, 'learn-failure');
          throw new Error(`${at}: ${e.message}`);
        });
        if (!ex.steps[0].goal.startsWith('win in')) assert.equal(got, '3 of 3 stars', at);
        // The result's button has the focus: Enter goes on.
        await focused(page, '#learn-next');
        if (l + 1 < lessons.length || e + 1 < lesson.exercises.length) await page.keyboard.press('Enter');
      }
    }
    assert.match(await page.locator('#lesson-result').innerText(), /You have finished the Checkers course\./);
    // "Play a game against level 2" starts one.
    await page.keyboard.press('Enter');
    await page.locator('.play .board').waitFor();
    assert.match(await page.locator('.player-strip').first().innerText(), /Computer · level 2/);
  });
});

test('the whole checkers course in Spanish', { skip: !catalogue('es') && 'no Spanish catalogue' }, async () => {
  await withApp({ locale: 'es-ES', open: false }, async (page, { server }) => {
    await page.goto(server.url + '/');
    await page.locator('#new-game-title', { hasText: say('es', 'newgame.title') }).waitFor();
    const lessons = courseFile('checkers', 'es');
    assert.equal(lessons.length, courseFile('checkers').length);
    const tap = (sq) => page.locator(`#learn-${sq}`).click();
    const press = (sel) => page.locator(sel).click();
    await openNav(page, 'show-learn');
    await page.locator('[data-lesson="checkers/1"]').waitFor();
    await page.locator('#learn-checkers').click();
    for (const [l, lesson] of lessons.entries()) {
      for (const [e, ex] of lesson.exercises.entries()) {
        const at = `checkers/${l + 1}/${e + 1}`;
        await page.locator(`[data-exercise="${at}"]`).waitFor();
        // The lesson in Spanish, from assets/data/courses/es/checkers.txt.
        assert.equal(await page.locator('#lesson-title').innerText(), lesson.title, at);
        if (e === 0 && l === 0) await shot(page, 'learn-checkers-es');
        await solveExercise(page, 'checkers', ex, tap, press, 'es').catch(async (err) => {
          await shot(page, 'learn-failure-es');
          throw new Error(`${at}: ${err.message}`);
        });
        if (l + 1 < lessons.length || e + 1 < lesson.exercises.length) await press('#learn-next');
      }
    }
    const done = say('es', 'learn.course-finished').replace('{course}', say('es', 'game.checkers'));
    assert.ok((await page.locator('#lesson-result').innerText()).includes(done), done);
  });
});

test('a damaged progress record is set aside with a notice', async () => {
  await withApp({}, async (page) => {
    await page.evaluate(() => localStorage.setItem('tiers.lessons', '{"v":1,"stars":{"tiers/man/1":3,"tiers/man/2":7}}'));
    await page.reload();
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    assert.match(
      await page.locator('.notice').first().innerText(),
      /^1 of your lesson results could not be read; it was set aside\./,
    );
    assert.equal(
      await page.evaluate(() => localStorage.getItem('tiers.set-aside.lessons')),
      '{"v":1,"stars":{"tiers/man/1":3,"tiers/man/2":7}}',
    );
    await page.locator('#show-learn').click();
    await page.locator('[data-lesson="tiers/2"]').waitFor();
    assert.equal(await page.locator('[data-lesson="tiers/2"] .lesson-stars').innerText(), '★ 3/6');
    // Reset, with a confirmation.
    await page.locator('#reset-progress').click();
    assert.equal(await page.locator('#reset-progress').innerText(), 'Sure? Forget every star');
    await page.locator('#reset-progress').click();
    assert.equal(await page.locator('[data-lesson="tiers/2"] .lesson-stars').innerText(), '★ 0/6');
    await page.waitForFunction(() => localStorage.getItem('tiers.lessons') === '{"v":1,"stars":{}}');
  });
});

test('the lessons work offline after one visit', async () => {
  await withApp({}, async (page, { server }) => {
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    // Network off, the server gone: the course files come from the cache.
    await page.context().setOffline(true);
    await server.close();
    const served = server.requests.length;
    await page.reload();
    await page.locator('#show-learn').click();
    await page.locator('[data-lesson="checkers/1"]').waitFor();
    await page.locator('[data-lesson="tiers/2"] button').click();
    await playMoveBy(page, 'tiers', 'd3-d4', (sq) => page.locator(`#learn-${sq}`).click());
    assert.equal(await lessonStars(page), '3 of 3 stars');
    assert.equal(server.requests.length, served, 'nothing reached the server while offline');
  });
});
