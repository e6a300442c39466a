// Saved games, the archive, PDN import/export and the board editor, as a
// person uses them in Chromium: the game in progress survives a reload,
// finished games are archived and replayed, games go out as PDN and come
// back in, CheckerBoard and pydraughts files are read, bad stored data is
// reported without breaking the page, and positions are set up in the
// editor and played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shot } from '../harness.mjs';
import {
  PHONE, checkersSquare, drag, moveTexts, noSideScroll, openNav, playCheckers, playTiers, readyFormations, resign, startGame,
  still, stored, storedJson, waitForMoves, withApp,
} from '../app.mjs';

const CHECKERBOARD = `[Event "Ohio State Ty 1946"]
[Black "MF Tinsley"]
[White "M Rex"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6.
7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11.
23x30 11x4 12. 2-7 4-8 1/2-1/2

[Event ""]
[Date ""]
[Black ""]
[White ""]
[Result "1-1"]
1. 11-15 23-19 2. 8-11 22-17 3. 11-16 {a blunder?} 24-20 1-1

[Event "Typo"]
[Result "*"]
1. 11-15 23-19 2. 9-14 19-15 *
`;

const PYDRAUGHTS = `[GameType "21,B,8,8,N1,0"]
[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]

1... 11-15 2. 23-19 8-11 3. 22-17 9-13 4. 17-14 10x17 5. 21x14 0-1

`;

test('the game in progress is saved after every move and restored on reload', async () => {
  await withApp({}, async (page, { server }) => {
    await startGame(page, { opponent: 'friend' });
    for (const m of ['11-15', '23-19', '8-11', '22-17']) await playCheckers(page, m);
    await waitForMoves(page, 4);
    await page.click('#flip');
    await page.click('#undo');
    await waitForMoves(page, 4, { all: true }); // the undone move stays in the list
    const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.ply === 3);
    assert.equal(saved.v, 1);
    assert.deepEqual(saved.game.moves, ['11-15', '23-19', '8-11', '22-17']);
    assert.equal(saved.game.ply, 3);
    assert.equal(saved.game.flipped, true);
    const status = await page.textContent('#status-text');

    await page.reload();
    await page.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(page, { all: true }), ['11-15', '23-19', '8-11', '22-17']);
    assert.equal(await page.textContent('#status-text'), status);
    assert.equal(await page.locator('.move.undone').count(), 1);
    // Seen from Black's side: h1 is drawn top left.
    const a1 = await page.locator('#play-a1').boundingBox();
    const h8 = await page.locator('#play-h8').boundingBox();
    assert.ok(a1.y < h8.y, 'the board is still flipped');
    await page.click('#redo');
    await waitForMoves(page, 4);
    await shot(page, 'library-restored');
  });
});

test('against the computer, a reload on its turn makes it think again and reply', async () => {
  await withApp({}, async (page, { server }) => {
    await page.getByRole('heading', { name: /new game/i }).waitFor();
    // Checkers against the computer at level 8 (3 s a move); you play Red,
    // so it moves first.
    await page.getByLabel('Computer level').fill('8');
    await page.click('#start-game');
    await page.waitForSelector('#play-a1');
    await waitForMoves(page, 1);
    const [first] = await moveTexts(page);
    // Play a legal reply, then reload at once while the computer thinks.
    const legal = ['21-17', '22-17', '22-18', '23-18', '23-19', '24-19', '24-20'];
    const reply = legal.find((m) => !first.includes(m.split('-')[1])) ?? '24-20';
    await playCheckers(page, reply);
    await page.waitForSelector('#thinking');
    await page.reload();
    await page.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(page), [first, reply]);
    await page.waitForSelector('#thinking'); // it thinks again
    await waitForMoves(page, 3); // and replies
    assert.match(await page.textContent('#status-text'), /your turn/);
  });
});

test('a resigned game goes to the archive, is replayed, exported and imported back', async () => {
  await withApp({}, async (page, { server, browser }) => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await startGame(page, { opponent: 'friend' });
    const moves = ['11-15', '23-18', '8-11', '27-23', '4-8', '23-19', '10x14', '19x10'];
    for (const m of moves) await playCheckers(page, m);
    await waitForMoves(page, 8);
    await resign(page); // Black to move resigns
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Look at the board' }).click();

    await page.click('#show-games');
    await page.locator('.archive-item').first().waitFor();
    assert.equal(await page.locator('.archive-item').count(), 1);
    const item = await page.locator('.archive-item').first().textContent();
    assert.match(item, /Checkers · Red vs Black/);
    assert.match(item, /Red wins: Black resigned/);
    assert.match(item, /8 moves · 0-1/);
    await page.locator('.archive-item').first().click();

    // Replay: the final position first, then back and forth.
    const caption = () => page.textContent('#replay-caption');
    assert.match(await caption(), /After move 8 of 8 \(19x10\)/);
    await page.getByRole('button', { name: 'First position' }).click();
    assert.match(await caption(), /Start position, Black to move/);
    await page.getByRole('button', { name: 'Next move' }).click();
    assert.match(await caption(), /After move 1 of 8 \(11-15\)/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.match(await caption(), /After move 3 of 8 \(8-11\)/);
    await page.keyboard.press('ArrowLeft');
    assert.match(await caption(), /After move 2 of 8/);
    await page.keyboard.press('End');
    assert.match(await caption(), /After move 8 of 8/);
    await page.locator('.archive-detail .move', { hasText: '27-23' }).click();
    assert.match(await caption(), /After move 4 of 8 \(27-23\)/);
    // The board shows that position: Red's man on 23, none on 27.
    assert.match(await page.getAttribute(`#replay-${checkersSquare(23)}`, 'aria-label'), /red/i);
    assert.doesNotMatch(await page.getAttribute(`#replay-${checkersSquare(27)}`, 'aria-label'), /red|black/i);
    await shot(page, 'library-archive-replay');

    // Export: download the .pdn file and copy the PDN.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#archive-export-download'),
    ]);
    assert.match(download.suggestedFilename(), /^tiers-checkers-\d{4}-\d{2}-\d{2}\.pdn$/);
    const pdn = readFileSync(await download.path(), 'utf8');
    assert.match(pdn, /\[Result "0-1"\]/);
    assert.match(pdn, /\[GameType "21"\]/);
    assert.match(pdn, /1\. 11-15 23-18 2\. 8-11 27-23 3\. 4-8 23-19 4\. 10-14 19x10 0-1/);
    await page.click('#archive-export-copy');
    await page.locator('#archive-export-note', { hasText: 'PDN copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pdn);

    // Import the downloaded file through the file picker: the same game.
    await page.locator('#import-file').setInputFiles({ name: 'exported.pdn', mimeType: 'text/plain', buffer: Buffer.from(pdn) });
    await page.locator('#games-summary', { hasText: 'exported.pdn: 1 checkers game' }).waitFor();
    assert.match(await page.textContent('#game-reason'), /Red wins: Black resigned/);
    await page.getByRole('button', { name: 'First position' }).click();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    assert.match(await caption(), /After move 8 of 8 \(19x10\)/);

    // Delete from the archive, then undo.
    await page.locator('.segmented button', { hasText: 'All' }).click();
    await page.locator('.archive-item').first().click();
    await page.click('#archive-delete');
    await page.locator('#archive-empty').waitFor();
    await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 0);
    await page.click('#archive-undo');
    await page.locator('.archive-item').first().waitFor();
    await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
  });
});

test('an archived game continued against the computer: it replies', async () => {
  await withApp({}, async (page, { server }) => {
    // Two players, four moves, Red resigns: the game is in the archive.
    await startGame(page, { opponent: 'friend' });
    const moves = ['11-15', '23-19', '8-11', '22-17'];
    for (const m of moves) await playCheckers(page, m);
    await waitForMoves(page, 4);
    await resign(page);
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Look at the board' }).click();
    await page.click('#show-games');
    await page.locator('.archive-item').first().click();
    // Back to the position after 3 moves: Red to move there.
    await page.locator('#replay-caption', { hasText: 'After move 4 of 4' }).waitFor();
    await page.getByRole('button', { name: 'Previous move' }).click();
    assert.match(await page.textContent('#replay-caption'), /After move 3 of 4 \(8-11\)/);
    const resume = page.locator('#continue-computer');
    assert.equal(await resume.textContent(), 'Continue as Red vs computer');
    await resume.click();

    // Red (the person) to move against the computer, from that position;
    // the fourth move waits in the list, taken back.
    await page.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(page, { all: true }), moves);
    assert.equal(await page.locator('.play .move.undone').count(), 1);
    assert.match(await page.textContent('#status-text'), /^Red to move: your turn\./);
    assert.match(await page.locator('.player-strip', { hasText: 'Computer' }).textContent(), /Computer · level \d/);
    // A different fourth move (24-20), and the computer answers it.
    await playCheckers(page, '24-20');
    await page.locator('#status-text', { hasText: 'Red to move: your turn' }).waitFor();
    const now = await page.locator('.play .move:not(.undone)').allTextContents();
    assert.deepEqual(now.slice(0, 4), ['11-15', '23-19', '8-11', '24-20']);
    assert.equal(now.length, 5, `the computer replied: ${now}`);
    assert.equal(await page.locator('.play .move.undone').count(), 0);
    await still(page);
    await shot(page, 'library-continue-vs-computer');
  });
});

test('CheckerBoard files (file picker) and pydraughts text (paste) are imported', async () => {
  await withApp({}, async (page, { server }) => {
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '9-13');
    await page.click('#show-games');
    await page.locator('#import-file').setInputFiles({ name: 'tinsley.pdn', mimeType: 'text/plain', buffer: Buffer.from(CHECKERBOARD) });
    await page.locator('#games-summary', { hasText: 'tinsley.pdn: 2 checkers games, 1 that could not be read' }).waitFor();
    const items = page.locator('.archive-list li');
    assert.equal(await items.count(), 3);
    assert.match(await items.nth(0).textContent(), /1\. Ohio State Ty 1946 · M Rex vs MF Tinsley.*Draw: draw agreed.*24 moves/);
    assert.match(await items.nth(1).textContent(), /2\. Red vs Black.*Draw: draw agreed.*6 moves/);
    assert.match(await items.nth(2).textContent(),
      /3\. Could not be read: game 3, line \d+, column \d+: move 2 \(Red\): 19-15 cannot be played; the legal moves are 19-16, /);
    await shot(page, 'library-import-checkerboard');
    // The game in progress is untouched by reading.
    await storedJson(page, 'tiers.saved', (v) => v?.game?.moves?.join() === '9-13');

    // Continue the second game from its 4th move against a friend.
    await items.nth(1).locator('button').click();
    await page.getByRole('button', { name: 'First position' }).click();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.click('#continue-friend');
    await page.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(page, { all: true }), ['11-15', '23-19', '8-11', '22-17', '11-16', '24-20']);
    assert.equal(await page.locator('.move.undone').count(), 2);
    assert.match(await page.textContent('#status-text'), /Black to move/);

    // Paste pydraughts' output.
    await page.click('#show-games');
    if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
    await page.fill('#import-text', PYDRAUGHTS);
    await page.click('#import-read');
    await page.locator('#games-summary', { hasText: 'The pasted text: 1 checkers game' }).waitFor();
    assert.match(await page.textContent('#game-reason'), /Red wins: Black resigned/);
    assert.match(await page.textContent('#replay-caption'), /After move 8 of 8 \(21x14\)/);

    // Bad text: a clear message, nothing else changes.
    await page.fill('#import-text', '[Event "x"]\n1. 11-15 {never closed');
    await page.click('#import-read');
    assert.match(await page.textContent('#import-error'), /^The pasted text: .*line 2/);
    await page.fill('#import-text', 'B:W18,40:B1');
    await page.click('#import-read');
    assert.equal(await page.textContent('#import-error'),
      'The pasted text: This FEN cannot be read: square 40 does not exist (squares are 1-32)');
  });
});

test('corrupt stored data: a notice, the good archive entries kept, the page works', async () => {
  await withApp({}, async (page, { server }) => {
    // Finish a game to have a real archive entry, then spoil the storage.
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '11-15');
    await resign(page);
    await page.getByRole('dialog').waitFor();
    const archive = await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1);
    const good = archive.games[0];
    const bad = { ...good, id: 2, pdn: '1. 11-15 11-16 *' };
    const broken = { ...good, id: 3, moves: 'many' };
    await page.evaluate(([a]) => {
      localStorage.setItem('tiers.archive', a);
      const saved = JSON.parse(localStorage.getItem('tiers.saved'));
      saved.game.moves = ['11-15', '11-15'];
      saved.game.ply = 2;
      delete saved.game.declared;
      localStorage.setItem('tiers.saved', JSON.stringify(saved));
    }, [JSON.stringify({ v: 1, games: [good, bad, broken] })]);

    await page.reload();
    const notices = page.locator('.notice');
    await notices.first().waitFor();
    const texts = await notices.allTextContents();
    assert.equal(texts.length, 2);
    assert.match(texts[0], /^The saved game could not be read \(it is damaged\); it was set aside\./);
    assert.match(texts[1], /^2 archived games could not be read; they were set aside, the other 1 kept\./);
    await shot(page, 'library-corrupt-notice');
    // What could not be read is kept aside, not lost.
    assert.match(await stored(page, 'tiers.set-aside.saved'), /"11-15","11-15"/);
    await storedJson(page, 'tiers.archive', (v) => v?.games?.length === 1); // written again without them
    // The notice can be dismissed; a new game starts; the archive shows the good game.
    await notices.first().getByRole('button', { name: 'Dismiss this notice' }).click();
    assert.equal(await notices.count(), 1);
    await page.click('#show-games');
    assert.equal(await page.locator('.archive-item').count(), 1);
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '10-14');
    await waitForMoves(page, 1);

    // Plain garbage in both keys: notices, and a fresh start.
    await page.evaluate(() => {
      localStorage.setItem('tiers.saved', '{"v":1,"game":');
      localStorage.setItem('tiers.archive', '\u0000garbage');
    });
    await page.reload();
    await notices.first().waitFor();
    const again = await notices.allTextContents();
    assert.match(again[0], /^The saved game could not be read \(it is not valid JSON/);
    assert.match(again[1], /^The archive could not be read \(it is not valid JSON.*it was set aside\./);
    await startGame(page, { opponent: 'friend' });
    await playCheckers(page, '10-14');
    await waitForMoves(page, 1);
    // A newer format is set aside, not overwritten silently.
    await page.evaluate(() => localStorage.setItem('tiers.saved', '{"v":2,"game":{}}'));
    await page.reload();
    await page.locator('.notice', { hasText: 'written by a newer version of Tiers (format 2' }).waitFor();
    assert.equal(await stored(page, 'tiers.set-aside.saved'), '{"v":2,"game":{}}');
    // An older, unversioned shape: named as such, set aside, a fresh start.
    const old = '{"moves":["11-15"],"kind":"checkers"}';
    await page.evaluate((o) => localStorage.setItem('tiers.saved', o), old);
    await page.reload();
    await page.locator('.notice', { hasText: 'The saved game is in an unknown or outdated format; it was set aside.' }).waitFor();
    assert.equal(await stored(page, 'tiers.set-aside.saved'), old);
    await page.getByRole('heading', { name: /new game/i }).waitFor();
  });
});

test('board editor: set up a checkers position, fix what the engine rejects, play it', async () => {
  await withApp({}, async (page, { server }) => {
    await page.click('#show-editor');
    await page.locator('#editor-verdict', { hasText: 'Valid position: Black to move, 7 legal moves.' }).waitFor();
    await page.click('#editor-clear');
    const sq = (n) => `#editor-${checkersSquare(n)}`;
    // Red pieces: a man on 1 (its crowning row: refused), kings by keyboard.
    await page.click('#editor-red');
    await page.click('.palette [data-tier="man"]');
    await page.click(sq(1));
    assert.equal(await page.textContent('#editor-verdict'),
      'Not playable: the red man on 1 stands on its crowning row: it must be a king.');
    await page.click('.palette [data-tier="king"]');
    await page.click(sq(1)); // replaces the man
    await page.click('.palette [data-tier="man"]');
    await page.click(sq(22));
    await page.click(sq(23));
    // Black men.
    await page.click('#editor-black');
    await page.click(sq(14));
    await page.click(sq(15));
    await page.click(sq(15)); // the same piece again takes it away
    await page.click(sq(16));
    // A light square is refused with a note.
    await page.click('#editor-a8');
    assert.equal(await page.textContent('#editor-note'), 'Checkers is played on the dark squares only.');
    // Drag a piece: 16 → 12.
    await drag(page, checkersSquare(16), checkersSquare(12), 'editor');
    await page.click('#editor-side-red');
    assert.equal(await page.inputValue('#editor-fen'), 'W:WK1,22,23:B12,14');
    assert.match(await page.textContent('#editor-verdict'), /^Valid position: Red to move, \d+ legal moves?\.$/);
    await shot(page, 'library-editor-checkers');

    // Play Black against the computer: Red (the computer) moves first from here.
    await page.click('#editor-play-black');
    await page.waitForSelector('#play-a1');
    await waitForMoves(page, 1);
    const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.start === 'W:WK1,22,23:B12,14');
    assert.equal(saved.game.start, 'W:WK1,22,23:B12,14');
    assert.deepEqual(saved.game.opponent, { type: 'computer', level: 3, human: 'black' });
    assert.match(await page.textContent('#status-text'), /Black to move: your turn/);

    // Typing a FEN sets the editor up; a bad one says why and changes nothing.
    await page.click('#show-editor');
    await page.fill('#editor-fen', 'B:W18,40:B1');
    await page.click('#editor-fen-set');
    assert.equal(await page.textContent('#editor-note'),
      'This FEN cannot be read: square 40 does not exist (squares are 1-32)');
    assert.equal(await page.inputValue('#editor-fen'), 'W:WK1,22,23:B12,14');
    await page.fill('#editor-fen', 'B:WK10:B6');
    await page.press('#editor-fen', 'Enter');
    assert.equal(await page.inputValue('#editor-fen'), 'B:WK10:B6');
    assert.match(await page.getAttribute(`#editor-${checkersSquare(10)}`, 'aria-label'), /red king/i);
  });
});

test('board editor: a Tiers position with carried pieces, analysed on the board and played; a pasted TFEN opens it', async () => {
  await withApp({}, async (page, { server }) => {
    await page.click('#show-editor');
    await page.click('#editor-tiers');
    assert.equal(await page.inputValue('#editor-fen'),
      '1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 r 0 1');
    await page.click('#editor-clear');
    assert.equal(await page.textContent('#editor-verdict'), 'Valid, but the game is already over: Black wins: Red has no pieces left.');
    // A Red ultra king carrying a king on d4, by keyboard.
    await page.click('.palette [data-tier="ultra king"]');
    await page.selectOption('#editor-carried', 'king');
    await page.getByRole('grid', { name: 'Tiers board editor' }).focus(); // the cursor starts on d1
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    // Black: a double ultra king carrying a man on g7, a triple king on b7.
    await page.click('#editor-black');
    await page.click('.palette [data-tier="double ultra king"]');
    await page.selectOption('#editor-carried', 'man');
    await page.click('#editor-g7');
    await page.selectOption('#editor-carried', '');
    await page.click('.palette [data-tier="triple king"]');
    await page.click('#editor-b7');
    const tfen = '8/1t4d[m]1/8/8/3U[K]4/8/8/8 r 0 1';
    assert.equal(await page.inputValue('#editor-fen'), tfen);
    assert.match(await page.textContent('#editor-verdict'), /^Valid position: Red to move, \d+ legal moves\.$/);
    assert.match(await page.textContent('.editor-counts'), /Red 2 pieces · Black 4 pieces/);

    // "Analyse" opens the analysis board on the position, its engine
    // started: a line led by a move of the ultra king, scored, at a depth.
    await page.click('#editor-analyse');
    await page.locator('#analysis-title').waitFor();
    assert.equal(await page.locator('#analysis-engine-toggle').innerText(), 'Stop analysis');
    const first = page.locator('#analysis-lines .engine-line').first();
    await first.locator('.line-depth').waitFor({ timeout: 120_000 });
    assert.match(await first.locator('.line-move').first().innerText(), /^d4>\w\d$/);
    assert.match(await first.locator('.line-score').innerText(), /^([+-]\d+\.\d\d|(database )?(win|loss) in \d+ pl(y|ies)|database draw)$/);
    assert.match(await first.locator('.line-depth').innerText(), /^d\d+$/);
    await page.click('#analysis-engine-toggle');
    assert.equal(await page.locator('#analysis-engine-toggle').innerText(), 'Start analysis');
    await shot(page, 'library-editor-tiers');
    // Back to the editor, the position is still there and played.
    await page.click('#analysis-back');
    await page.locator('#editor-title').waitFor();
    assert.equal(await page.inputValue('#editor-fen'), tfen);

    await page.click('#editor-play-friend');
    await page.waitForSelector('#play-a1');
    await storedJson(page, 'tiers.saved', (v) => v?.game?.start === tfen);
    await playTiers(page, 'd4'); // the carrier: its only action is a drop
    await page.click('#play-a8');
    await waitForMoves(page, 1);
    assert.deepEqual(await moveTexts(page), ['d4>a8']);

    // A TFEN pasted on the games screen opens in the editor.
    await page.click('#show-games');
    if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
    await page.fill('#import-text', '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12');
    await page.click('#import-read');
    await page.locator('#editor-title').waitFor();
    assert.equal(await page.inputValue('#editor-fen'), '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12');
  });
});

test('share links: copy, open in a new page, bad links keep the saved game', async () => {
  await withApp({}, async (page, ctx) => {
    const { server, browser } = ctx;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await startGame(page, { opponent: 'friend' });
    for (const m of ['11-15', '23-19', '8-11', '22-17']) await playCheckers(page, m);
    await waitForMoves(page, 4);
    await page.click('#game-export-link');
    await page.locator('#game-export-note', { hasText: 'Link copied to the clipboard.' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, `${server.url}/?game=checkers&players=2&pdn=11-15+23-19+8-11+22-17`);

    // Someone else opens it: the same game, two players, Black to move.
    const other = await ctx.device(); // someone else's browser
    const theirs = other.page;
    await theirs.goto(link);
    await theirs.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(theirs), ['11-15', '23-19', '8-11', '22-17']);
    assert.match(await theirs.textContent('#status-text'), /^Black to move/);
    assert.equal(new URL(theirs.url()).search, '', 'the query is taken off the address');
    assert.equal(await theirs.locator('.notice').count(), 0);
    await shot(theirs, 'library-share-opened');

    // The sharer plays on, then opens a link to another game in a new tab:
    // the link's game opens and their own is kept aside.
    await playCheckers(page, '4-8');
    await waitForMoves(page, 5);
    const tab = await ctx.page();
    await tab.goto(`${server.url}/?game=checkers&players=2&pdn=9-13+22-18`);
    await tab.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(tab), ['9-13', '22-18']);
    await tab.locator('#previous-notice').waitFor();
    await tab.click('#previous-resume');
    await waitForMoves(tab, 5);
    assert.deepEqual(await moveTexts(tab), ['11-15', '23-19', '8-11', '22-17', '4-8']);

    // A bad link: a clear message, the saved game untouched.
    const before = JSON.stringify(await storedJson(tab, 'tiers.saved', (v) => v?.game?.moves?.length === 5));
    const bad = await ctx.page();
    await bad.goto(`${server.url}/?game=chess&pdn=11-15+11-16&flip=maybe`);
    const notice = bad.locator('.notice').first();
    await notice.waitFor();
    const text = await notice.textContent();
    assert.match(text, /^This link could not be opened \(game=chess: unknown game; allowed: checkers, tiers; /);
    assert.match(text, /flip=maybe: /);
    assert.match(text, /\); your saved game is kept\./);
    assert.equal(JSON.stringify(await storedJson(bad, 'tiers.saved')), before);
    await bad.waitForSelector('#play-a1');
    await waitForMoves(bad, 5);
    await shot(bad, 'library-share-bad-link');

    // The editor's position link.
    await bad.click('#show-editor');
    await bad.click('#editor-tiers');
    await bad.fill('#editor-fen', '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12');
    await bad.press('#editor-fen', 'Enter');
    await bad.click('#editor-export-link');
    await bad.locator('#editor-export-note', { hasText: 'Link copied' }).waitFor();
    const plink = await bad.evaluate(() => navigator.clipboard.readText());
    assert.match(plink, /\?game=tiers&players=2&tfen=8%2F8%2F8%2F3u%5Bk%5D4/);
    const theirs2 = await ctx.page(other.browser);
    await theirs2.goto(plink);
    await theirs2.waitForSelector('#play-a1');
    const start = '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12';
    await storedJson(theirs2, 'tiers.saved', (v) => v?.game?.start === start);
    assert.match(await theirs2.getAttribute('#play-d5', 'aria-label'), /black ultra king carrying a king/i);
  });
});

// A Tiers game with formations of its own, as this app writes it.
const TIERS_RECORD = `[Event "Club night"]
[White "Ann"]
[Black "Bob"]
[GameType "Tiers"]
[RedFormation "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2"]
[BlackFormation "a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 h7"]
[Result "*"]

1. a2-a3 h7-h6 2. b2-b3 *
`;

test('Tiers on a 320 px phone: the record (tags, both formations) and TFEN go out and come back', async () => {
  await withApp({ ...PHONE, viewport: { width: 320, height: 640 } }, async (page, { server, browser }) => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await startGame(page, { game: 'tiers', opponent: 'friend' });
    await readyFormations(page);
    await playTiers(page, 'e3-e4');
    await playTiers(page, 'd6-d5');
    await waitForMoves(page, 2);
    await noSideScroll(page, 'play');

    // The game in progress as a Tiers record: tags, both formations, moves.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#game-export-download'),
    ]);
    assert.match(download.suggestedFilename(), /^tiers-tiers-\d{4}-\d{2}-\d{2}\.pdn$/);
    const record = readFileSync(await download.path(), 'utf8');
    assert.match(record, /\[GameType "Tiers"\]/);
    assert.match(record, /\[RedFormation "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3"\]/);
    assert.match(record, /\[BlackFormation "b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8"\]/);
    assert.match(record, /\n1\. e3-e4 d6-d5 \*\n$/);
    await page.click('#game-export-link');
    await page.locator('#game-export-note', { hasText: 'Link copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()),
      `${server.url}/?game=tiers&players=2&pdn=e3-e4+d6-d5`);
    await shot(page, 'library-phone-play-export');

    // Resign: the game is in the archive.
    await resign(page); // Red to move resigns
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Look at the board' }).click();
    await openNav(page, 'show-games');
    await page.locator('.archive-item').first().click();
    assert.match(await page.locator('.archive-item').first().textContent(), /Tiers · Red vs Black.*Black wins: Red resigned/);
    await page.locator('#replay-caption', { hasText: 'After move 2 of 2 (d6-d5)' }).waitFor();
    await noSideScroll(page, 'archive');
    await shot(page, 'library-phone-archive');

    // A record with formations of its own, pasted.
    await page.locator('.import-form summary').click();
    await page.fill('#import-text', TIERS_RECORD);
    await page.click('#import-read');
    await page.locator('#games-summary', { hasText: 'The pasted text: 1 tiers game' }).waitFor();
    assert.match(await page.locator('.archive-list li').first().textContent(), /1\. Club night · Ann vs Bob/);
    await page.getByRole('button', { name: 'First position' }).click();
    assert.match(await page.getAttribute('#replay-d1', 'aria-label'), /red man/i);
    assert.match(await page.getAttribute('#replay-h7', 'aria-label'), /black man/i);
    assert.doesNotMatch(await page.getAttribute('#replay-g3', 'aria-label'), /man/i);
    await noSideScroll(page, 'import');
    await shot(page, 'library-phone-import');
    // Bad records say what is wrong; the game in progress stays.
    const before = await stored(page, 'tiers.saved');
    await page.fill('#import-text', TIERS_RECORD.replace('a2-a3', 'a2-a5'));
    await page.click('#import-read');
    await page.locator('#games-summary', { hasText: '0 tiers games, 1 that could not be read' }).waitFor();
    assert.match(await page.locator('.import-error').textContent(), /Could not be read: .*move 1 \(Red\): a2-a5/);
    await page.fill('#import-text', TIERS_RECORD.replace('a1 b1', 'a1 a1'));
    await page.click('#import-read');
    await page.locator('.import-error', { hasText: 'RedFormation' }).waitFor();
    assert.match(await page.locator('.import-error').textContent(),
      /Could not be read: game 1, line 1, column 1: the start position cannot be set up: RedFormation "a1 a1 c1 .*": a1 is listed twice/);
    assert.equal(await stored(page, 'tiers.saved'), before);

    // Continue the imported game: its formations and moves come along.
    await page.fill('#import-text', TIERS_RECORD);
    await page.click('#import-read');
    await page.click('#continue-friend');
    await page.waitForSelector('#play-a1');
    assert.deepEqual(await moveTexts(page), ['a2-a3', 'h7-h6', 'b2-b3']);
    const start = 'mmmmmmmm/mmm4m/8/8/8/8/MMMM4/MMMMMMMM r 0 1';
    const saved = await storedJson(page, 'tiers.saved', (v) => v?.game?.start === start);
    assert.deepEqual(saved.game.tags.find(([k]) => k === 'White'), ['White', 'Ann']);

    // TFEN: set up in the editor, exported with the position.
    await page.click('#edit-position');
    await page.locator('#editor-title').waitFor();
    assert.match(await page.inputValue('#editor-fen'), / b \d+ 2$/);
    await page.fill('#editor-fen', '8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12');
    await page.press('#editor-fen', 'Enter');
    await page.locator('#editor-verdict', { hasText: 'Valid position: Black to move' }).waitFor();
    await noSideScroll(page, 'editor');
    await still(page); // the pieces of the old position fade out
    await shot(page, 'library-phone-editor');
    const [pos] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#editor-export-download'),
    ]);
    const text = readFileSync(await pos.path(), 'utf8');
    assert.match(text, /\[FEN "8\/8\/8\/3u\[k\]4\/8\/8\/8\/U\[M\]7 b 3 12"\]/);
    // …which reads back into the editor when pasted.
    await openNav(page, 'show-games');
    if (!(await page.locator('#import-text').isVisible())) await page.locator('.import-form summary').click();
    await page.fill('#import-text', text);
    await page.click('#import-read');
    await page.locator('#games-summary', { hasText: 'The pasted text: 1 tiers game' }).waitFor();
    await page.click('#continue-friend');
    await page.waitForSelector('#play-a1');
    assert.match(await page.textContent('#status-text'), /^Black to move/);
  });
});
