// Live play on two devices over WebRTC, joined through the real links: the
// inviter's page makes an invite (link and QR code), the joiner's browser
// opens that link, joins and makes an answer, the inviter pastes the
// answer, and both pages connect and agree the terms. A tampered invite
// and an invite pasted as an answer are refused with a message. Then a
// game over the channel: moves, a take-back refused and one accepted, a
// chat phrase, a draw declined and one agreed, and the game equal in both
// archives. Two
// browsers (two devices: their own storage); Chromium gathers this
// machine's own addresses without mDNS names. Phone width; screenshots in
// target/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import {
  PHONE, WEBRTC, connectLive, eventually, gameOver, inviteLive, joinLive, moveTexts, movesPlayed, openSettings, piecesOf, playCheckers, playFirstLegal, resign, squaresOf, storedJson, withApp,
} from '../app.mjs';

test('two devices play checkers live through the invite and answer links', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    // Ann chooses checkers with a 5+3 clock, then "live".
    await ann.locator('[data-game=checkers]').click();
    await ann.getByRole('group', { name: 'Time control' }).getByRole('button', { name: '5+3', exact: true }).click();
    await ann.getByRole('button', { name: 'Friend on another device (live)' }).click();
    await ann.getByRole('heading', { name: 'Play live on two devices' }).waitFor();
    await shot(ann, 'live-terms-phone');
    await ann.getByRole('button', { name: 'Make the invite' }).click();
    const invite = ann.locator('#live-invite-link');
    await invite.waitFor();
    const link = await invite.inputValue();
    assert.match(link, /\?live=[A-Za-z0-9_-]+$/);
    assert.ok(link.length < 1200, `the invite is ${link.length} characters`);
    await ann.getByRole('img', { name: /QR code of the link/ }).waitFor();
    await shot(ann, 'live-invite-phone');

    // A damaged invite: Bob sees why, and no Join button.
    // (One character changed: one that differs from the one it replaces.)
    const at = link.length - 12;
    const damaged = link.slice(0, at) + (link[at] === 'A' ? 'B' : 'A') + link.slice(at + 1);
    await bob.goto(damaged);
    await bob.locator('#live-error', { hasText: 'This live link cannot be used' }).waitFor();
    assert.equal(await bob.locator('#live-join').count(), 0);

    // Bob opens the real invite: the terms, then Join makes the answer.
    await bob.goto(link);
    // (The screen reads the link after its first render: wait for Join.)
    await bob.locator('#live-join').waitFor();
    const terms = await bob.locator('#live-terms').textContent();
    assert.match(terms, /^Checkers · you play (Red|Black) · clock: 5\+3$/);
    await shot(bob, 'live-join-phone');
    await bob.getByRole('button', { name: 'Join' }).click();
    const answerField = bob.locator('#live-answer-link');
    await answerField.waitFor();
    const answer = await answerField.inputValue();
    assert.match(answer, /\?live=[A-Za-z0-9_-]+$/);
    await bob.locator('#live-waiting').waitFor();
    console.log(`live links: invite ${link.length} characters, answer ${answer.length}`);
    await shot(bob, 'live-answer-phone');
    // The address no longer holds the invite (a reload does not join again).
    assert.ok(!bob.url().includes('live='));

    // Ann pastes her own invite by mistake: refused, nothing changes.
    await ann.getByLabel("Your friend's answer link").fill(link);
    await ann.getByRole('button', { name: 'Connect' }).click();
    await ann.locator('#live-error', { hasText: 'That is an invite, not an answer' }).waitFor();
    // Then the answer: both pages connect, agree the terms and show the game.
    await connectLive(ann, answer, [ann, bob]);
    const side = async (page) => (await page.locator('#live-state').textContent()).match(/^Live game, connected: you play (Red|Black)\.$/)[1];
    assert.notEqual(await side(ann), await side(bob), 'opposite colours');
    // Black moves first.
    const [black, red] = (await side(ann)) === 'Black' ? [ann, bob] : [bob, ann];
    await shot(black, 'live-playing-phone');
    await playLive(black, red, '11-15');
    await playLive(red, black, '23-19');
    await playLive(black, red, '8-11');
    // Red on Black's turn cannot move: nothing is played.
    await red.click(`#play-${squaresOf('checkers', '9-13')[0]}`);
    assert.equal(await movesPlayed(red), 3);

    // Red asks to take back 23-19: refused, then asked again and accepted.
    await red.locator('#live-ask-takeback').click();
    await black.locator('#live-panel .offer', { hasText: 'Your friend asks to take back their last move.' }).waitFor();
    await shot(black, 'live-takeback-asked-phone');
    await black.locator('#live-refuse-takeback').click();
    await red.locator('#live-note', { hasText: 'Your friend refused the take-back.' }).waitFor();
    assert.deepEqual(await moveTexts(red), ['11-15', '23-19', '8-11']);
    await red.locator('#live-ask-takeback').click();
    await black.locator('#live-accept-takeback').click();
    for (const page of [red, black]) await eventually(() => moveTexts(page), ['11-15']);
    await playLive(red, black, '22-18');

    // A phrase of the chat, shown in the other page's words.
    await black.getByLabel('Say to your friend').selectOption('good-luck');
    await black.getByRole('button', { name: 'Say', exact: true }).click();
    await red.locator('#live-note', { hasText: 'Your friend says: Good luck!' }).waitFor();

    // A draw offered by Black and declined; then one offered by Red and
    // accepted: the game ends on both pages.
    await black.locator('#live-offer-draw').click();
    await red.locator('#live-decline-draw').click();
    await black.locator('#live-note', { hasText: 'Your friend declined the draw.' }).waitFor();
    await red.locator('#live-offer-draw').click();
    await shot(black, 'live-draw-offered-phone');
    await black.locator('#live-accept-draw').click();
    for (const page of [red, black]) {
      const [title] = await gameOver(page);
      assert.match(title, /draw/i);
    }
    await shot(red, 'live-over-phone');
    // The game is in both archives, the same.
    const filed = async (page) => {
      const games = (await storedJson(page, 'tiers.archive', (v) => v?.games?.[0]?.result === '1/2-1/2')).games;
      const { id, moves, result, reason, pdn } = games[0];
      return { id, moves, result, reason, pdn };
    };
    const [a, b] = [await filed(ann), await filed(bob)];
    assert.deepEqual(a, b);
    assert.equal(a.moves, 2);
  });
});

/** `mover` plays `move` on its board; the other page shows it. */
async function playLive(mover, other, move) {
  const before = await movesPlayed(mover);
  await playCheckers(mover, move);
  for (const page of [mover, other]) await eventually(() => movesPlayed(page), before + 1);
  assert.equal((await moveTexts(other)).at(-1), move);
}

test('the live screen works by keyboard', async () => {
  await withApp({ args: WEBRTC }, async (page) => {
    await page.locator('#live-start').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Play live on two devices' }).waitFor();
    await page.locator('#live-invite').focus();
    await page.keyboard.press('Enter');
    await page.locator('#live-invite-link').waitFor();
    // Tab reaches the link, its button, then the answer field and Connect.
    await page.locator('#live-invite-link').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'live-invite-link-send');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'live-answer');
    await page.keyboard.type('not a link');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('#live-error', { hasText: 'This live link cannot be used' }).waitFor();
    await shot(page, 'live-invite-desktop');
  });
});

/**
 * Ann invites to a checkers game at `clock` (e.g. '5+3'), Bob joins through
 * the links, the channel opens, and 11-15 23-19 are played: [Black's page,
 * Red's page].
 */
async function twoMovesIn(ann, bob, clock) {
  await ann.locator('[data-game=checkers]').click();
  await ann.getByRole('group', { name: 'Time control' }).getByRole('button', { name: clock, exact: true }).click();
  const answer = await joinLive(bob, await inviteLive(ann));
  await connectLive(ann, answer, [ann, bob]);
  const [black, red] = (await side(ann)) === 'Black' ? [ann, bob] : [bob, ann];
  await playLive(black, red, '11-15');
  await playLive(red, black, '23-19');
  return [black, red];
}

/** The colour a live page says it plays. */
const side = async (page) => (await page.locator('#live-state').textContent()).match(/you play (Red|Black)\.$/)?.[1];

// A dropped connection restored: Red's page goes away (reloaded: the page
// and its connection end) while Black has a move to play; Black's page
// says the connection is lost and stops the clocks; Black plays on and
// makes a reconnect link, Red opens it on the same device (the page takes
// its saved game), joins and sends back the answer; the pages compare
// their copies (Black's has the move Red's lacks) and play on. Then a
// resignation, a rematch declined and one accepted, colours swapped.
test('a lost live connection is restored with a new pair of links, then a rematch', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    const [black, red] = await twoMovesIn(ann, bob, '5+3');
    // Red's device has saved the game as it goes.
    await storedJson(red, 'tiers.saved', (v) => v?.game?.moves?.length === 2);

    // Red's page goes away: Black's page sees the connection lost.
    await red.goto(ctx.server.url + '/');
    await black.locator('#live-panel #live-state', { hasText: 'The connection was lost: the clocks are stopped.' }).waitFor();
    await shot(black, 'live-lost-phone');
    // Black plays on meanwhile: the move waits for the reconnection.
    await playCheckers(black, '8-11');
    await eventually(() => movesPlayed(black), 3);
    // Black reconnects: a new link, saying what to do with it.
    await black.getByRole('button', { name: 'Reconnect' }).click();
    await black.getByRole('button', { name: 'Make the reconnect link' }).click();
    const again = black.locator('#live-invite-link');
    await again.waitFor();
    await black.getByRole('heading', { name: '1. Send the reconnect link to your friend' }).waitFor();
    const rejoin = await again.inputValue();
    assert.match(rejoin, /\?live=[A-Za-z0-9_-]+$/);
    await shot(black, 'live-rejoin-phone');
    // Red opens it on the device that played: its saved game, its colour.
    await red.goto(rejoin);
    await red.locator('#live-join', { hasText: 'Reconnect' }).waitFor();
    assert.match(await red.locator('#live-terms').textContent(), /you play Red/);
    await red.locator('#live-join').click();
    const answer2 = red.locator('#live-answer-link');
    await answer2.waitFor();
    await connectLive(black, await answer2.inputValue(), [black, red]);
    // The copies compared: Black's, with one move more, goes on on both.
    for (const page of [black, red]) await eventually(() => moveTexts(page), ['11-15', '23-19', '8-11']);
    await red.locator('#live-note', { hasText: /^Reconnected: your friend's copy had moves/ }).waitFor();
    await black.locator('#live-note', { hasText: /^Reconnected: this copy had moves/ }).waitFor();
    await shot(red, 'live-restored-phone');
    // Play goes on over the new connection.
    await playLive(red, black, '22-18');

    // Black resigns; Red offers a rematch; Black declines, then accepts one.
    await resign(black);
    for (const page of [black, red]) {
      await gameOver(page);
      // Escape closes the dialog (its first button has the focus).
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await red.locator('#live-offer-rematch').click();
    await red.locator('#live-rematch-sent').waitFor();
    await black.locator('#live-panel .offer', { hasText: 'Your friend offers a rematch, colours swapped.' }).waitFor();
    await shot(black, 'live-rematch-offered-phone');
    await black.locator('#live-decline-rematch').click();
    await red.locator('#live-note', { hasText: 'Your friend declined the rematch.' }).waitFor();
    await red.locator('#live-offer-rematch').click();
    await black.locator('#live-accept-rematch').click();
    for (const page of [black, red]) await eventually(() => movesPlayed(page), 0);
    await eventually(() => side(black), 'Red');
    await eventually(() => side(red), 'Black');
    await shot(red, 'live-rematch-phone');
    // The new game is played: the former Red now moves first, as Black.
    await playLive(red, black, '11-15');
  });
});

// Tiers live with a clock: each device sets up its own formation; Red's is
// sealed when Red is ready (Black's page sees "ready", not where); Black
// says ready by keyboard in the formation box; both are revealed together
// and the game starts on both pages, Red first. Moves over the channel,
// then a resignation; the game equal in both archives.
test('two devices play Tiers live: formations sealed, then revealed together', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    await ann.locator('[data-game=tiers]').click();
    await ann.getByRole('group', { name: 'Time control' }).getByRole('button', { name: '5+3', exact: true }).click();
    await ann.getByRole('button', { name: 'Friend on another device (live)' }).click();
    await ann.locator('#live-tiers').waitFor();
    await ann.locator('#live-invite').click();
    const invite = ann.locator('#live-invite-link');
    await invite.waitFor();
    await bob.goto(await invite.inputValue());
    await bob.locator('#live-join').waitFor();
    assert.match(await bob.locator('#live-terms').textContent(), /^Tiers · you play (Red|Black) · clock: 5\+3$/);
    await bob.locator('#live-join').click();
    const answerField = bob.locator('#live-answer-link');
    await answerField.waitFor();
    const answer = await answerField.inputValue();
    await ann.locator('#live-answer').fill(answer);
    await ann.locator('#live-connect').click();
    // Both pages show their own formation editor.
    for (const page of [ann, bob]) await page.getByRole('heading', { name: 'Set up your formation' }).waitFor();
    const mine = async (page) => ((await page.locator('.side-tab.active .side-name').textContent()).includes('Red') ? 'Red' : 'Black');
    const [red, black] = (await mine(ann)) === 'Red' ? [ann, bob] : [bob, ann];
    assert.equal(await mine(black), 'Black');
    // Each sees only its own men.
    assert.equal((await piecesOf(red, 'black', 'formation')).length, 0);
    assert.equal((await piecesOf(black, 'red', 'formation')).length, 0);
    await shot(black, 'live-formation-phone');
    // Red takes a random formation and is ready: sealed, not shown.
    await red.locator('#formation-random').click();
    const redMen = (await piecesOf(red, 'red', 'formation')).sort();
    assert.equal(redMen.length, 12);
    await red.locator('#formation-ready').click();
    await red.locator('#live-formation-waiting').waitFor();
    await black.locator('#formation-status-red', { hasText: 'Ready (shown when both are).' }).waitFor();
    assert.equal((await piecesOf(black, 'red', 'formation')).length, 0, 'not revealed yet');
    await shot(black, 'live-formation-other-ready-phone');
    // (In the light page colours too: the settings leave the setup as it was.)
    await openSettings(black);
    await black.click('#mode-light');
    await black.click('#close-settings');
    await black.locator('#formation-status-red', { hasText: 'Ready (shown when both are).' }).waitFor();
    await shot(black, 'live-formation-other-ready-phone-light');
    // Black, by keyboard: "ready" in the formation box.
    await black.locator('#formation-move-input').focus();
    await black.keyboard.type('ready');
    await black.keyboard.press('Enter');
    // Both revealed: the game starts on both pages with Red's formation.
    for (const page of [red, black]) {
      await page.locator('#live-panel #live-state.live-ok').waitFor();
      await page.locator('.play .board').waitFor();
      assert.deepEqual((await piecesOf(page, 'red')).sort(), redMen);
      assert.equal((await piecesOf(page, 'black')).length, 12);
    }
    await shot(red, 'live-tiers-playing-phone');
    // Red moves first; then Black; each seen on the other page.
    for (const [mover, other, color] of [[red, black, 'red'], [black, red, 'black'], [red, black, 'red']]) {
      const before = await movesPlayed(other);
      const played = await playFirstLegal(mover, color);
      await eventually(() => movesPlayed(other), before + 1);
      assert.equal((await moveTexts(other)).at(-1), played);
    }
    await resign(black);
    for (const page of [red, black]) await gameOver(page);
    const filed = async (page) => {
      const games = (await storedJson(page, 'tiers.archive', (v) => v?.games?.[0]?.result && v.games[0].result !== '*')).games;
      const { id, moves, result, reason, pdn } = games[0];
      return { id, moves, result, reason, pdn };
    };
    const [a, b] = [await filed(red), await filed(black)];
    assert.deepEqual(a, b);
    assert.equal(a.moves, 3);
  });
});

// A clock that runs out: with 1+0, Black (to move) lets a minute pass. Its
// own page says it lost on time and tells the other page (`flag`), which
// ends the game there too; both archives hold the same game.
test('a live clock that runs out ends the game on both devices', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    const [black, red] = await twoMovesIn(ann, bob, '1+0');
    // Black waits: its clock runs out (a minute), on both pages the game ends.
    for (const page of [black, red]) {
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 120_000 });
      assert.match(await dialog.locator('.reason').innerText(), /time/i);
    }
    await shot(red, 'live-flag-phone');
    const filed = async (page) => {
      const games = (await storedJson(page, 'tiers.archive', (v) => v?.games?.[0]?.result && v.games[0].result !== '*')).games;
      const { id, moves, result, reason, pdn } = games[0];
      return { id, moves, result, reason, pdn };
    };
    const [a, b] = [await filed(red), await filed(black)];
    assert.deepEqual(a, b);
    assert.equal(a.moves, 2);
  });
});

// Claiming the win (docs/live.md, "Claiming the win"): the pages' clocks
// are Playwright's, so that a minute passes at once on the page a test
// says. A page whose channel is made silent (a modified page, or one cut
// off while the channel stays open: its `send` drops everything) lets its
// clock run out and never says so; the other page holds the clocks at zero,
// waits the grace, offers "Claim the win", and its claim ends the game on
// both pages (the silent page's own clock agrees), equal in both archives.
// Then a claim the other page's clock disagrees with: it says so and plays
// on with its copy.
const silencer = () => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (!window.__silent) return send.call(this, data);
  };
};

/** Two pages with Playwright's clocks, 1+0, two moves in: Black to move. */
async function claimGame(body) {
  await withApp({ ...PHONE, args: WEBRTC, setup: async (p) => { await p.clock.install(); await p.addInitScript(silencer); } }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    await bob.clock.install();
    await bob.addInitScript(silencer);
    const [black, red] = await twoMovesIn(ann, bob, '1+0');
    await body(red, black);
  });
}

/** Red's page: Black's clock runs out there, and after the grace Red claims. */
async function claimOnRed(red) {
  await red.clock.fastForward(61_000);
  await red.locator('#live-out-waiting', { hasText: "Black's time ran out on this device" }).waitFor();
  assert.equal(await red.locator('#live-claim').count(), 0, 'not before the grace');
  await red.clock.fastForward(10_500);
  await red.locator('#live-claim').waitFor();
  await shot(red, 'live-claim-phone');
  await red.locator('#live-claim').click();
  const [title, reason] = await gameOver(red);
  assert.match(title, /You won|Red wins/);
  assert.match(reason, /time/i);
  await red.keyboard.press('Escape');
  await red.locator('#live-note', { hasText: 'You claimed the win on time.' }).waitFor();
}

const filedGame = async (page) => {
  const games = (await storedJson(page, 'tiers.archive', (v) => v?.games?.[0]?.result && v.games[0].result !== '*')).games;
  const { id, moves, result, reason, pdn } = games[0];
  return { id, moves, result, reason, pdn };
};

test('a silent page whose time ran out: the other claims the win, and both archives agree', async () => {
  await claimGame(async (red, black) => {
    // Black's page goes silent, and its clock runs out there (it says
    // nothing: its flag is dropped).
    await black.evaluate(() => {
      window.__silent = true;
    });
    await black.clock.fastForward(61_000);
    await gameOver(black);
    await black.keyboard.press('Escape');
    await claimOnRed(red);
    // Black's page gets the claim; its own clock agrees.
    await black.locator('#live-note', { hasText: "Your friend's device claimed the win on time, and this page's clock agrees" }).waitFor();
    const [a, b] = [await filedGame(red), await filedGame(black)];
    assert.deepEqual(a, b);
    assert.equal(a.result, '0-1');
  });
});

test('a claim the other page\'s clock disagrees with is said there, and that page plays on', async () => {
  await claimGame(async (red, black) => {
    // Only Red's page runs a minute ahead (a page modified, or a clock
    // gone wrong): Black's has most of its minute left.
    await claimOnRed(red);
    await filedGame(red);
    await black.locator('#live-note', { hasText: /claims the win on time, but this page does not agree \(your clock here shows 0:[3-5]\d\)/ }).waitFor();
    await shot(black, 'live-claim-refused-phone');
    assert.equal(await black.getByRole('dialog').count(), 0, 'the game goes on there');
    assert.equal(await black.locator('#live-offer-draw').isEnabled(), true);
  });
});

// The connection lost while the Tiers formations are set up (the data
// channel closed from one side: both pages see it go): Red had sealed its
// formation, Black was placing men. Red makes the reconnect link; Black,
// whose page is still open on its setup, pastes it on its reconnect step,
// joins and sends back the answer. Both setups go on as they were (Red's
// still sealed and shown as ready on Black's page, Black's men where they
// were), then the formations are revealed together and the game starts.
test('a connection lost while the Tiers formations are set up is restored with both setups kept', async () => {
  const channels = () => {
    const make = RTCPeerConnection.prototype.createDataChannel;
    window.__channels = [];
    RTCPeerConnection.prototype.createDataChannel = function (...args) {
      const c = make.apply(this, args);
      window.__channels.push(c);
      return c;
    };
  };
  await withApp({ ...PHONE, args: WEBRTC, setup: (p) => p.addInitScript(channels) }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    await ann.locator('[data-game=tiers]').click();
    const answer = await joinLive(bob, await inviteLive(ann));
    await ann.locator('#live-answer').fill(answer);
    await ann.locator('#live-connect').click();
    for (const page of [ann, bob]) await page.getByRole('heading', { name: 'Set up your formation' }).waitFor();
    const mine = async (page) => ((await page.locator('.side-tab.active .side-name').textContent()).includes('Red') ? 'Red' : 'Black');
    const [red, black] = (await mine(ann)) === 'Red' ? [ann, bob] : [bob, ann];
    await red.locator('#formation-random').click();
    const redMen = (await piecesOf(red, 'red', 'formation')).sort();
    await red.locator('#formation-ready').click();
    await red.locator('#live-formation-waiting').waitFor();
    await black.locator('#formation-random').click();
    const blackMen = (await piecesOf(black, 'black', 'formation')).sort();
    // The channel closes (the inviter's page made it).
    await ann.evaluate(() => window.__channels.forEach((c) => c.close()));
    for (const page of [red, black]) {
      await page.locator('#live-state', { hasText: 'lost while the formations were being set up' }).waitFor();
    }
    await shot(black, 'live-formation-lost-phone');
    await red.locator('#live-reconnect').click();
    await red.locator('#live-rejoin').click();
    const rejoin = await red.locator('#live-invite-link').inputValue();
    await black.locator('#live-reconnect').click();
    await black.getByLabel("Your friend's reconnect link").fill(rejoin);
    await black.getByRole('button', { name: 'Open the link' }).click();
    await black.locator('#live-join', { hasText: 'Reconnect' }).click();
    const answer2 = await black.locator('#live-answer-link').inputValue();
    await red.locator('#live-answer').fill(answer2);
    await red.locator('#live-connect').click();
    // Both setups as they were.
    for (const page of [red, black]) await page.getByRole('heading', { name: 'Set up your formation' }).waitFor();
    await red.locator('#live-formation-waiting').waitFor();
    await black.locator('#formation-status-red', { hasText: 'Ready (shown when both are).' }).waitFor();
    assert.deepEqual((await piecesOf(black, 'black', 'formation')).sort(), blackMen);
    assert.equal((await piecesOf(black, 'red', 'formation')).length, 0, 'not revealed yet');
    await black.locator('#formation-ready').click();
    for (const page of [red, black]) {
      await page.locator('#live-panel #live-state.live-ok').waitFor();
      await page.locator('.play .board').waitFor();
      assert.deepEqual((await piecesOf(page, 'red')).sort(), redMen);
      assert.deepEqual((await piecesOf(page, 'black')).sort(), blackMen);
    }
    const played = await playFirstLegal(red, 'red');
    await eventually(async () => (await moveTexts(black)).at(-1), played);
  });
});
