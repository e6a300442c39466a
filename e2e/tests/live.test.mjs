// Live play on two devices over WebRTC, joined through the real links: the
// inviter's page makes an invite (link and QR code), the joiner's browser
// opens that link, joins and makes an answer, the inviter pastes the
// answer, and both pages connect and agree the terms. A tampered invite
// and an invite pasted as an answer are refused with a message. Two
// browsers (two devices: their own storage); Chromium gathers this
// machine's own addresses without mDNS names. Phone width; screenshots in
// target/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { PHONE, withApp } from '../app.mjs';

const WEBRTC = ['--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'];

test('two devices connect live through the invite and answer links', async () => {
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
    const damaged = link.slice(0, -12) + (link.endsWith('A') ? 'B' : 'A') + link.slice(-11);
    await bob.goto(damaged);
    await bob.locator('#live-error', { hasText: 'This live link cannot be used' }).waitFor();
    assert.equal(await bob.locator('#live-join').count(), 0);

    // Bob opens the real invite: the terms, then Join makes the answer.
    await bob.goto(link);
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
    // Then the answer: both pages connect and agree the terms.
    await ann.getByLabel("Your friend's answer link").fill(answer);
    await ann.getByRole('button', { name: 'Connect' }).click();
    for (const page of [ann, bob]) {
      await page.locator('#live-state', { hasText: /^Connected to your friend's device: Checkers · you play/ }).waitFor();
    }
    const annTerms = await ann.locator('#live-state').textContent();
    const bobTerms = await bob.locator('#live-state').textContent();
    assert.notEqual(annTerms.match(/you play (\w+)/)[1], bobTerms.match(/you play (\w+)/)[1], 'opposite colours');
    await shot(ann, 'live-connected-phone');
    await shot(bob, 'live-connected-bob-phone');
  });
});

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
