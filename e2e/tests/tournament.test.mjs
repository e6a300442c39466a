// A small tournament run to its champion in the browser, as an organiser
// would: four entrants (two people, two computer players), results entered
// by hand for games on a physical board, a person resigning to the computer
// on the screen, the two computers playing their match out on the board, a
// hot-seat game drawn and replayed with the colours reversed, a grand final
// won from the losers' bracket (so the reset match is played), a correction
// that resets a later result after asking, a reload that keeps everything,
// an export to a file, deleted and imported back, and screenshots of the
// bracket on a desktop, in print and on a phone (320 px). The tournament
// screens are part of the page: opening them neither reloads nor navigates
// it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import { focused, movesPlayed, openNav, playFirstLegal, startGame, withApp } from '../app.mjs';

/** The text of the "Matches to play" entry of match `n`. */
async function readyText(page, n) {
  return (await page.locator(`#ready-${n}`).innerText()).replace(/\s+/g, ' ');
}

/** Enters the result of match `n` by hand: `winner` is the name clicked. */
async function enterResult(page, n, winner, score = '') {
  await page.locator(`#ready-${n}`).getByRole('button', { name: 'Enter result' }).click();
  await page.getByRole('radio', { name: winner, exact: true }).click();
  if (score) await page.fill('#result-score', score);
  await page.click('#save-result');
  await page.locator(`#result-${n}`).waitFor();
}

/** Plays one legal move by clicking: a piece of the side to move, then the
 * first square the board offers. */
async function clickSomeMove(page, color) {
  const pieces = page.locator(`.board [role="gridcell"][aria-label*=", ${color} "]`);
  const count = await pieces.count();
  for (let i = 0; i < count; i++) {
    await pieces.nth(i).click();
    const target = page.locator('.board .target').first();
    if (await target.count()) {
      const before = await page.locator('.move').count();
      await target.click();
      await page.waitForFunction((n) => document.querySelectorAll('.move').length > n, before);
      return;
    }
  }
  throw new Error(`no ${color} piece could move`);
}

test('opening Tournaments keeps the page: no reload, no navigation, no other wasm, the game waiting', async () => {
  await withApp({}, async (page, { server }) => {
    await startGame(page, { opponent: 'friend' });
    await playFirstLegal(page, 'black');
    const navigated = [];
    page.on('framenavigated', (frame) => navigated.push(frame.url()));
    await page.evaluate(() => {
      window.__samePage = true;
    });
    const asked = server.requests.length;
    await page.click('#show-tournaments');
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    await page.locator('#new-tournament').waitFor();
    assert.equal(await page.evaluate(() => window.__samePage), true, 'the same page: nothing reloaded it');
    assert.deepEqual(navigated, [], 'no navigation');
    assert.deepEqual(
      server.requests.slice(asked).filter((p) => p.endsWith('.wasm') || p.endsWith('.js')),
      [],
      'no script or wasm fetched for them',
    );
    // The game in progress waits on its board.
    await page.click('#resume');
    assert.equal(await movesPlayed(page), 1);
    assert.equal(await page.evaluate(() => window.__samePage), true);
  });
});

test('a tournament of four is run to its champion', { timeout: 600_000 }, async () => {
  await withApp({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await page.click('#show-tournaments');
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();

    // Create: Ann, Bob, two computer players; checkers with ballots.
    await page.click('#new-tournament');
    await page.click('#create-tournament');
    assert.equal(await page.locator('#t-create-error').innerText(), 'The tournament needs a name.');
    await page.fill('#t-name', 'Troop 12 club night');
    await page.fill('#entrant-0-0', 'Ann');
    await page.fill('#entrant-0-1', 'Bob');
    await page.click('#add-computer-0');
    await page.click('#add-computer-0');
    await page.getByLabel('Entrant 3 level').selectOption('1');
    await page.getByLabel('Entrant 4 level').selectOption('2');
    await page.click('#create-tournament');
    await page.locator('#bracket svg').waitFor();
    assert.match(await page.locator('.t-head .t-meta').innerText(), /Checkers · ballot openings \(draw seed \d+\) · 4 entrants · seeded as entered/);
    // Seeds 1 Ann, 2 Bob, 3 Computer (level 1), 4 Computer (level 2).
    assert.equal(await readyText(page, 1), 'Match 1 Winners\' round 1 Ann v Computer (level 2) Play on the board Enter result');
    assert.equal(await readyText(page, 2), 'Match 2 Winners\' round 1 Bob v Computer (level 1) Play on the board Enter result');

    // The result dialog takes the focus; Escape closes it and gives the
    // focus back to the button that opened it.
    const opener = page.locator('#ready-1').getByRole('button', { name: 'Enter result' });
    await opener.click();
    await page.getByRole('dialog').waitFor();
    await focused(page, '[role=dialog]');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('dialog').count(), 0);
    await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle());

    // Match 1 was played on a physical board: the computer player won
    // (entered by hand, e.g. by whoever ran it on another device).
    await enterResult(page, 1, 'Computer (level 2)', '1-0');
    assert.match(await page.locator('#t-notice').innerText(), /Match 1: Computer \(level 2\) beat Ann\./);
    assert.match(await page.locator('#result-1 .t-result-text').innerText(), /^Computer \(level 2\) beat Ann\b/);

    // Match 2 on the board: Bob against the computer; he plays a move or
    // two, then resigns. The result goes into the bracket by itself.
    await page.locator('#ready-2').getByRole('button', { name: 'Play on the board' }).click();
    await page.locator('#t-match-title').waitFor();
    assert.match(await page.locator('#t-match-meta').innerText(), /Game 1 · ACF ballot \d+: \d+[-x]\d+ \d+[-x]\d+ \d+[-x]\d+/);
    // Bob (first player of the match) has Black; after the ballot's three
    // moves Red, the computer, is to move: wait for its reply.
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Bob (Black) to move'), null, { timeout: 30_000 });
    await clickSomeMove(page, 'black');
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Bob (Black) to move'), null, { timeout: 30_000 });
    await shot(page, 'tournament-match-person-v-computer');
    // Resigning asks for a second click.
    await page.click('#t-resign');
    assert.equal(await page.locator('#t-resign .label').innerText(), 'Sure? Resign');
    assert.equal(await page.locator('#t-match-over').count(), 0);
    await page.click('#t-resign');
    await page.locator('#t-match-over').waitFor();
    assert.match(await page.locator('#status-text').innerText(), /Computer \(level 1\) wins match 2 \(Black resigned\)/);
    assert.match(await page.locator('#t-notice').innerText(), /Match 2: Computer \(level 1\) beat Bob\. The result is in the bracket\./);
    await page.click('#back-to-bracket');

    // Match 3, the winners' final, is between the two computers: it plays
    // itself out on the board; "finish quickly" speeds it up.
    assert.match(await readyText(page, 3), /Computer \(level 2\) v Computer \(level 1\)/);
    await page.locator('#ready-3').getByRole('button', { name: 'Play on the board' }).click();
    await page.locator('#t-match-title').waitFor();
    // Moves appear one by one while it plays at its normal pace.
    await page.waitForFunction(() => document.querySelectorAll('.move').length >= 5, null, { timeout: 60_000 });
    await shot(page, 'tournament-match-computers');
    assert.match(await page.locator('#status-text').innerText(), /^Computer \(level [12]\), (Red|Black), (is thinking|to move)\./);
    await page.click('#t-fast');
    await page.locator('#t-match-over').waitFor({ timeout: 400_000 });
    const computersResult = await page.locator('#status-text').innerText();
    assert.match(computersResult, /Computer \(level [12]\) wins match 3/);
    await page.click('#back-to-bracket');
    await page.locator('#result-3').waitFor();

    // Match 4 (losers' bracket): Ann v Bob, hot-seat. Game 1 is drawn by
    // agreement after a move each; game 2 follows with the colours
    // reversed, and Ann resigns it.
    assert.match(await readyText(page, 4), /Losers' round 1 Ann v Bob/);
    await page.locator('#ready-4').getByRole('button', { name: 'Play on the board' }).click();
    await page.locator('#t-match-title').waitFor();
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Bob (Red) to move'));
    await clickSomeMove(page, 'red');
    await clickSomeMove(page, 'black');
    await page.click('#t-offer-draw');
    await page.click('#accept-draw');
    await page.locator('#next-game').waitFor();
    assert.match(await page.locator('#status-text').innerText(), /Game 1 is drawn \(draw agreed\)\. Game 2 follows with the colours reversed\./);
    await page.click('#next-game');
    assert.match(await page.locator('#t-match-meta').innerText(), /^Game 2 · 1 drawn game before · ACF ballot/);
    // Game 2: Ann has Red now, and Red is to move after the ballot.
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Ann (Red) to move'));
    await page.click('#t-resign');
    await page.click('#t-resign');
    await page.locator('#t-match-over').waitFor();
    assert.match(await page.locator('#status-text').innerText(), /Bob wins match 4/);
    await page.click('#back-to-bracket');

    // The rest by hand: match 5 (losers' final), the grand final won by the
    // losers' bracket champion, then the reset match.
    const wbChampion = computersResult.match(/(Computer \(level [12]\)) wins/)[1];
    const wbLoser = wbChampion.includes('1') ? 'Computer (level 2)' : 'Computer (level 1)';
    assert.match(await readyText(page, 5), new RegExp(`Bob v ${wbLoser.replace(/[()]/g, '\\$&')}|${wbLoser.replace(/[()]/g, '\\$&')} v Bob`));
    await enterResult(page, 5, 'Bob', '2-1');
    await enterResult(page, 6, 'Bob');
    // The losers' bracket champion won: the reset match is needed.
    assert.match(await readyText(page, 7), /Grand final reset/);
    await enterResult(page, 7, 'Bob');
    assert.equal(await page.locator('#champion').innerText(), 'Champion of Open: Bob');

    // A correction: the grand final was won by the winners' bracket champion
    // after all. The app says which later result this resets and asks.
    await page.locator('#result-6').getByRole('button', { name: 'Correct' }).click();
    await page.getByRole('radio', { name: wbChampion, exact: true }).click();
    await page.click('#save-result');
    const resetList = await page.locator('#t-reset-list').innerText();
    assert.match(resetList, /^Match 7 was reset: Bob beat .* in it, but it is not needed any more \(the winners' bracket champion won the grand final\)\.$/);
    await page.click('#confirm');
    assert.match(await page.locator('#t-notice').innerText(), /Match 6: .* beat Bob\. 1 later result was reset\./);
    assert.equal(await page.locator('#champion').innerText(), `Champion of Open: ${wbChampion}`);
    assert.equal(await page.locator('#result-7').count(), 0);
    const standings = (await page.locator('#standings tbody').innerText()).split('\n').map((l) => l.split('\t')[1]);
    assert.deepEqual(standings.slice(0, 2), [wbChampion, 'Bob']);
    const final = await page.locator('#bracket svg').innerHTML();
    assert.ok(final.includes('Final placing'));

    // Reload: everything is still there.
    await page.reload();
    await page.click('#show-tournaments');
    const item = page.locator('.t-item', { hasText: 'Troop 12 club night' });
    assert.match(await item.innerText(), new RegExp(`Finished\\. Champion: ${wbChampion.replace(/[()]/g, '\\$&')}`));
    await item.getByRole('button', { name: 'Open' }).click();
    assert.equal(await page.locator('#champion').innerText(), `Champion of Open: ${wbChampion}`);
    assert.equal(await page.locator('.t-result').count(), 6);
    // Games played on the board kept their records (PDN).
    assert.equal(await page.locator('#result-3').getByRole('button', { name: 'Games (PDN)' }).count(), 1);
    await shot(page, 'tournament-bracket-desktop');

    // Print: the app around the bracket is hidden, the picture fits.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.topbar').isVisible(), false);
    assert.equal(await page.locator('.t-toolbar').isVisible(), false);
    const svgBox = await page.locator('#bracket svg').boundingBox();
    assert.ok(svgBox.width <= 1280, `printed width ${svgBox.width}`);
    await shot(page, 'tournament-bracket-print');
    await page.emulateMedia({ media: 'screen' });

    // Export it as a file, delete it, import the file: all is back.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    assert.equal(download.suggestedFilename(), 'troop-12-club-night.json');
    const file = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(file);
    assert.equal(data.format, 'tiers-tournament');
    assert.equal(data.version, 1);
    assert.equal(data.brackets[0].results.length, 6);
    await page.getByRole('button', { name: 'All tournaments' }).click();
    await page.locator('.t-item', { hasText: 'Troop 12 club night' }).getByRole('button', { name: 'Delete' }).click();
    await page.click('#confirm');
    assert.equal(await page.locator('#t-notice span').innerText(), 'Tournament “Troop 12 club night” deleted.');
    assert.equal(await page.locator('.t-item').count(), 0);
    await page.setInputFiles('#import-file', { name: 'club.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await page.locator('#champion').waitFor();
    assert.equal(await page.locator('#t-notice span').innerText(), 'Imported “Troop 12 club night” from club.json.');
    assert.equal(await page.locator('#champion').innerText(), `Champion of Open: ${wbChampion}`);
    assert.equal(await page.locator('.t-result').count(), 6);

  });
});

test('the bracket reads on a phone, and bad files and damaged storage get clear messages', async () => {
  const phone = { viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  await withApp(phone, async (page) => {
    // Damaged storage: a message, no crash.
    await page.evaluate(() => localStorage.setItem('tiers.tournaments', '{"format": "tiers-tournaments", "vers'));
    await page.reload();
    await openNav(page, 'show-tournaments');
    assert.match(await page.locator('#t-problems').innerText(), /The saved tournaments are damaged and could not be read/);
    await page.getByRole('button', { name: 'Dismiss' }).click();

    // A bad file names what is wrong.
    await page.setInputFiles('#import-file', {
      name: 'club.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "tiers-tournament", "version": 1, "name": "X", "game": "chess", "brackets": []}'),
    });
    assert.equal(
      await page.locator('#t-notice span').innerText(),
      'club.json could not be imported: not a readable tournament file: game: unknown game "chess", expected "checkers" or "tiers".',
    );

    // Eight players on a phone, created on the phone.
    await page.click('#new-tournament');
    await page.fill('#t-name', 'Youth night');
    await page.fill('#bracket-name-0', 'Youth');
    const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];
    for (let i = 0; i < names.length; i++) {
      if (i >= 2) await page.click('#add-person-0');
      await page.fill(`#entrant-0-${i}`, names[i]);
    }
    await page.click('#add-computer-0');
    await page.click('#shuffle-0');
    await page.fill('#seed-0', '42');
    await page.click('#create-tournament');
    await page.locator('#bracket svg').waitFor();
    assert.match(await page.locator('.t-head .t-meta').innerText(), /7 entrants · shuffled with seed 42/);
    // A few results so the picture shows winners and the losers' bracket.
    for (let k = 0; k < 4; k++) {
      const first = page.locator('.t-match').first();
      await first.getByRole('button', { name: 'Enter result' }).click();
      await page.locator('#winner-0').click();
      await page.click('#save-result');
    }
    // The page itself does not scroll sideways; the picture does, at a
    // readable size.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page overflows by ${overflow}px`);
    const scroller = page.locator('#bracket');
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    assert.ok(scrollWidth > clientWidth, 'the bracket scrolls sideways at its actual size');
    const fontSize = await page.locator('#bracket svg text.title').evaluate((el) => getComputedStyle(el).fontSize);
    assert.equal(fontSize, '22px');
    await shot(page, 'tournament-bracket-phone');
    await page.click('#fit');
    const fitted = await page.locator('#bracket svg').boundingBox();
    assert.ok(fitted.width <= 320, `fitted width ${fitted.width}`);
    await shot(page, 'tournament-bracket-phone-fit');
  });
});

test('a Tiers tournament of two: formations set up on the board, a grand final won from the losers\' bracket, its reset', async () => {
  await withApp({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await page.click('#show-tournaments');
    await page.click('#new-tournament');
    await page.fill('#t-name', 'Tiers duel');
    await page.locator('.t-create').getByRole('button', { name: 'Tiers', exact: true }).click();
    assert.equal(await page.locator('#t-ballots').count(), 0, 'no ballots for Tiers');
    await page.fill('#entrant-0-0', 'Ann');
    await page.fill('#entrant-0-1', 'Bob');
    await page.click('#create-tournament');
    await page.locator('#bracket svg').waitFor();
    assert.match(await page.locator('.t-head .t-meta').innerText(), /^Tiers · 2 entrants · seeded as entered$/);
    assert.equal(await readyText(page, 1), "Match 1 Winners' round 1 Ann v Bob Play on the board Enter result");

    // Both people set up their formations on the board (a preset each).
    await page.locator('#ready-1').getByRole('button', { name: 'Play on the board' }).click();
    await page.locator('#begin-tiers').waitFor();
    assert.match(await page.locator('.t-meta').first().innerText(), /Game 1: set up the formations\. Ann places 12 men on Red's three home rows/);
    await page.getByLabel('Preset formations').selectOption({ index: 1 });
    await page.click('#formation-ready');
    assert.match(await page.locator('.t-meta').first().innerText(), /Bob places 12 men on Black's three home rows/);
    await page.getByLabel('Preset formations').selectOption({ index: 2 });
    await page.click('#formation-ready');
    await page.click('#begin-tiers');
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Ann (Red) to move'));
    await clickSomeMove(page, 'red');
    await page.waitForFunction(() => document.querySelector('#status-text')?.textContent.includes('Bob (Black) to move'));
    await shot(page, 'tournament-match-tiers');
    // Bob resigns (two clicks): Ann wins match 1.
    await page.click('#t-resign');
    await page.click('#t-resign');
    await page.locator('#t-match-over').waitFor();
    assert.match(await page.locator('#status-text').innerText(), /Ann wins match 1 \(Black resigned\)/);
    await page.click('#back-to-bracket');

    // The grand final: Bob, from the losers' bracket, wins it; the reset
    // decides, and Bob takes it too.
    assert.match(await readyText(page, 2), /Grand final Ann v Bob/);
    await enterResult(page, 2, 'Bob');
    assert.match(await readyText(page, 3), /Grand final reset Ann v Bob/);
    await enterResult(page, 3, 'Bob');
    assert.equal(await page.locator('#champion').innerText(), 'Champion of Open: Bob');
    const standings = (await page.locator('#standings tbody').innerText()).split('\n').map((l) => l.split('\t'));
    assert.deepEqual(standings.map((r) => [r[0], r[1], r[3]]), [['1st', 'Bob', '2–1'], ['2nd', 'Ann', '1–2']]);
    // The game record of match 1 is kept, with its formations.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#result-1').getByRole('button', { name: 'Games (PDN)' }).click(),
    ]);
    const pdn = readFileSync(await download.path(), 'utf8');
    assert.match(pdn, /\[White "Ann"\]/);
    assert.match(pdn, /\[Black "Bob"\]/);
    assert.match(pdn, /\[SetUp "1"\]/);
    assert.match(pdn, /\[FEN "/);
    assert.match(pdn, /\n1\. \S+ 1-0\n$/, "one move, then Black resigned");
  });
});
