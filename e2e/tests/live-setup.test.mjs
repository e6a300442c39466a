// Live play's setup around the links (issue 28): opening Settings or the
// rules during the invite, the join or the answer and coming back finds
// the same link and the same connection (the screen's state is kept
// above the screen switch), and the STUN servers setting: it checks what
// is typed, names a bad line, persists, sets a damaged record aside with
// a notice, and the servers reach the RTCPeerConnection's configuration
// (recorded by a wrapper the test puts around the browser's constructor:
// no hook in the page) while two pages on this machine still connect
// with a server that answers nothing. Screenshots (phone and desktop,
// light and dark) in target/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, WEBRTC, connectLive, inviteLive, openNav, openSettings, storedJson, withApp } from '../app.mjs';

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Records the configuration of every RTCPeerConnection the page makes. */
function recordConfigs() {
  const Made = window.RTCPeerConnection;
  window.__rtcConfigs = [];
  window.RTCPeerConnection = class extends Made {
    constructor(config) {
      super(config);
      window.__rtcConfigs.push((this.getConfiguration().iceServers ?? []).map((s) => [s.urls].flat()));
    }
  };
}

const iceServers = (page) => page.evaluate(() => window.__rtcConfigs);

test('Settings and the rules opened during the invite and the answer keep the links and the connection', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    const { page: bob } = await ctx.device(PHONE);
    await ann.locator('[data-game=checkers]').click();
    const link = await inviteLive(ann);
    // Ann looks at Settings, then comes back: the same invite.
    await openSettings(ann);
    await ann.locator('#close-settings').click();
    assert.equal(await ann.locator('#live-invite-link').inputValue(), link);
    await ann.getByRole('img', { name: /QR code of the link/ }).waitFor();
    // And the rules.
    await openNav(ann, 'show-rules');
    await ann.locator('#close-rules').click();
    assert.equal(await ann.locator('#live-invite-link').inputValue(), link);

    // Bob opens the invite, reads the rules before joining: still the
    // invite's terms and Join.
    await bob.goto(link);
    await bob.locator('#live-join').waitFor();
    const terms = await bob.locator('#live-terms').textContent();
    await openNav(bob, 'show-rules');
    await bob.locator('#close-rules').click();
    assert.equal(await bob.locator('#live-terms').textContent(), terms);
    await bob.locator('#live-join').click();
    const answer = await bob.locator('#live-answer-link').inputValue();
    // And Settings once the answer is made: the same answer.
    await openSettings(bob);
    await bob.locator('#close-settings').click();
    assert.equal(await bob.locator('#live-answer-link').inputValue(), answer);
    await bob.locator('#live-waiting').waitFor();

    // The connection made before is the one that opens.
    await connectLive(ann, answer, [ann, bob]);

    // A new visit to the live screen starts afresh (the terms, not the
    // old invite).
    await ann.locator('#live-panel').waitFor();
    await ann.evaluate(() => document.querySelector('.brand').click());
    await ann.locator('#live-start').click();
    await ann.locator('#live-invite').waitFor();
    assert.equal(await ann.locator('#live-invite-link').count(), 0);
  });
});

test('the STUN servers setting checks, persists, reaches the peer connection and still connects', async () => {
  await withApp({ ...PHONE, args: WEBRTC }, async (ann, ctx) => {
    await ann.addInitScript(recordConfigs);
    await openSettings(ann);
    const field = ann.getByLabel('STUN servers for live play');
    assert.equal(await field.inputValue(), '', 'empty by default');
    await ann.locator('#stun-hint', { hasText: 'same network' }).waitFor();
    // A bad address: the line and what is wrong; nothing kept.
    await field.fill('stun:stun.example.org:3478\nhttps://stun.example.org');
    await ann.getByRole('button', { name: 'Save the STUN servers' }).click();
    await ann.locator('#stun-error', {
      hasText: "Line 2, “https://stun.example.org”: a STUN server's address starts with stun: or stuns:",
    }).waitFor();
    assert.equal(await ann.evaluate(() => localStorage.getItem('tiers.stun')), null);
    await field.fill('stun:stun.example.org:99999');
    await ann.getByRole('button', { name: 'Save the STUN servers' }).click();
    await ann.locator('#stun-error', { hasText: 'the port must be a number from 1 to 65535' }).waitFor();
    await shot(ann, 'live-stun-error-phone');
    // A server on this machine that answers nothing (the discard port).
    await field.fill('  stun:127.0.0.1:9  \n\n');
    // By keyboard: Tab to Save, Enter.
    await field.press('Tab');
    await ann.keyboard.press('Enter');
    await ann.locator('#stun-said', { hasText: 'Saved: live play uses 1 STUN server.' }).waitFor();
    assert.equal(await field.inputValue(), 'stun:127.0.0.1:9');
    assert.deepEqual(await storedJson(ann, 'tiers.stun'), { v: 1, urls: ['stun:127.0.0.1:9'] });
    // Kept across a reload.
    await ann.reload();
    await openSettings(ann);
    assert.equal(await ann.getByLabel('STUN servers for live play').inputValue(), 'stun:127.0.0.1:9');
    await ann.locator('#close-settings').click();
    await ann.getByRole('heading', { name: /new game/i }).waitFor();

    // The live screen says so, and the invite's connection uses it.
    await ann.locator('[data-game=checkers]').click();
    await ann.locator('#live-start').click();
    await ann.locator('#live-reach', { hasText: 'Across networks too: 1 STUN server set in Settings' }).waitFor();
    await shot(ann, 'live-stun-terms-phone');
    await ann.locator('#live-invite').click();
    const link = await ann.locator('#live-invite-link').inputValue();
    assert.deepEqual(await iceServers(ann), [[['stun:127.0.0.1:9']]]);
    // The joiner has none: its connection has no ICE servers.
    const { page: bob } = await ctx.device(PHONE);
    await bob.addInitScript(recordConfigs);
    await bob.goto(link);
    await bob.locator('#live-join').waitFor();
    await bob.locator('#live-join').click();
    const answer = await bob.locator('#live-answer-link').inputValue();
    assert.deepEqual(await iceServers(bob), [[]]);
    await connectLive(ann, answer, [ann, bob]);

    // Emptied: same network only again, the record removed.
    await openSettings(ann);
    await ann.getByLabel('STUN servers for live play').fill('');
    await ann.getByRole('button', { name: 'Save the STUN servers' }).click();
    await ann.locator('#stun-said', { hasText: 'Saved: no STUN server, live play on the same network only.' }).waitFor();
    assert.equal(await ann.evaluate(() => localStorage.getItem('tiers.stun')), null);
  });
});

test('a damaged STUN record is set aside with a notice; the setting in light and dark, phone and desktop', async () => {
  for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    await withApp({ ...size }, async (page) => {
      await page.evaluate(() => localStorage.setItem('tiers.stun', '{"v":1,"urls":["http://x"]}'));
      await page.reload();
      await openSettings(page);
      await page.locator('#stun-problem', {
        hasText: 'Your STUN servers setting could not be read (it is damaged): it was set aside, and no STUN server is used.',
      }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('tiers.set-aside.stun')), '{"v":1,"urls":["http://x"]}');
      assert.equal(await page.evaluate(() => localStorage.getItem('tiers.stun')), null);
      await page.getByLabel('STUN servers for live play').fill('stun:stun.example.org:3478\nstuns:[2001:db8::1]');
      await page.getByRole('button', { name: 'Save the STUN servers' }).click();
      await page.locator('#stun-said', { hasText: 'Saved: live play uses 2 STUN servers.' }).waitFor();
      for (const mode of ['dark', 'light']) {
        await page.click(`#mode-${mode}`);
        await page.locator('#stun-setting').scrollIntoViewIfNeeded();
        await page.locator('#stun-setting').screenshot({ path: `../target/screenshots/live-stun-${name}-${mode}.png` });
      }
    });
  }
});
