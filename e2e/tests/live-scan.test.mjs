// Live play's links read with the camera
// (docs/live.md, "Scanning a code"). Chromium on Linux has no BarcodeDetector, so the tests install a
// double before the page loads: a `BarcodeDetector` that says it reads QR
// codes and, once the test hands it a text, "reads" it from the video, but
// only while the video shows the camera's frames. The camera is Chromium's
// fake device (--use-fake-device-for-media-stream, a moving test pattern;
// --use-fake-ui-for-media-stream grants the permission). What cannot be
// tested here: a real camera and a real detector reading a real code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from '../harness.mjs';
import { CAMERA, PHONE, WEBRTC, detectorDouble, eventually, openNav, withApp } from '../app.mjs';

/** Every camera stream the page opened is stopped. */
async function camerasStopped(page) {
  return page.evaluate(() => window.__streams.length > 0 && window.__streams.every((s) => s.getTracks().every((t) => t.readyState === 'ended')));
}

/** `page` holds the code `text` up to its camera (the double reads it). */
async function showCode(page, text) {
  await page.evaluate((t) => {
    window.__code = t;
  }, text);
}

// The joiner scans the invite on its live screen; the inviter scans the
// answer: first a code that is not a live link (the same message as a
// pasted one, the paste box back), then the answer, which opens the
// channel. Each camera stops once its code is read. Phone and desktop.
test('the invite and the answer scanned with the camera connect the two pages', async () => {
  await withApp({ ...PHONE, args: CAMERA, setup: (p) => p.addInitScript(detectorDouble, ['qr_code', 'ean_13']) }, async (ann, ctx) => {
    const { page: bob } = await ctx.device({ args: CAMERA });
    await bob.addInitScript(detectorDouble, ['qr_code']);
    await ann.locator('[data-game=checkers]').click();
    await ann.locator('#live-start').click();
    await ann.locator('#live-invite').click();
    const invite = await ann.locator('#live-invite-link').inputValue();

    // Bob, on his own live screen, scans Ann's invite.
    await bob.goto(ctx.server.url + '/');
    await bob.locator('#live-start').click();
    await bob.getByRole('heading', { name: "Joining a friend's game?" }).waitFor();
    await bob.getByRole('button', { name: 'Scan the code' }).click();
    await bob.locator('#live-scan-invite-video').waitFor();
    assert.match(await bob.evaluate(() => window.__constraints), /"facingMode":"environment"/);
    await eventually(() => bob.evaluate(() => window.__frames), true);
    assert.equal(await bob.evaluate(() => document.activeElement.id), 'live-scan-invite-cancel', 'the focus on Cancel');
    await shot(bob, 'live-scan-invite-desktop');
    await showCode(bob, invite);
    await bob.locator('#live-join').waitFor();
    assert.match(await bob.locator('#live-terms').textContent(), /^Checkers · you play (Red|Black)/);
    assert.ok(await camerasStopped(bob), 'the camera stopped once the code was read');
    await bob.locator('#live-join').click();
    const answer = await bob.locator('#live-answer-link').inputValue();

    // Ann scans: a code that is not a live link, then Bob's answer.
    await ann.getByRole('button', { name: 'Scan the code' }).click();
    await ann.locator('#live-scan-answer-video').waitFor();
    await eventually(() => ann.evaluate(() => window.__frames), true);
    await shot(ann, 'live-scan-answer-phone');
    await showCode(ann, 'https://example.com/menu');
    await ann.locator('#live-error', { hasText: 'This live link cannot be used' }).waitFor();
    await ann.locator('#live-answer').waitFor({ state: 'visible' });
    assert.equal(await ann.locator('#live-answer').inputValue(), 'https://example.com/menu', 'the code read is in the box');
    assert.ok(await camerasStopped(ann));
    await ann.getByRole('button', { name: 'Scan the code' }).click();
    await eventually(() => ann.evaluate(() => window.__frames), true);
    await showCode(ann, answer);
    for (const page of [ann, bob]) await page.locator('#live-panel #live-state.live-ok').waitFor();
    assert.ok(await camerasStopped(ann));
    assert.equal(await ann.evaluate(() => window.__streams.length), 2);
  });
});

// Cancel and leaving the screen stop the camera; a refused camera says so
// and leaves the paste box; in the light page colours.
test('the camera stops on Cancel and when the screen is left; a refused camera is said', async () => {
  await withApp({ ...PHONE, args: CAMERA, setup: (p) => p.addInitScript(detectorDouble, ['qr_code']) }, async (page) => {
    await page.locator('#live-start').click();
    await page.locator('#live-scan-invite-start').click();
    await eventually(() => page.evaluate(() => window.__frames), true);
    await page.keyboard.press('Enter');
    await page.locator('#live-invite-paste').waitFor({ state: 'visible' });
    assert.ok(await camerasStopped(page), 'Cancel stopped the camera');
    // Leaving for Settings while scanning stops it too.
    await page.locator('#live-invite').click();
    await page.locator('#live-scan-answer-start').click();
    await eventually(() => page.evaluate(() => window.__frames), true);
    await openNav(page, 'show-settings');
    await page.click('#mode-light');
    assert.ok(await camerasStopped(page), 'the camera stopped with the screen');
    await page.click('#close-settings');
    await page.locator('#live-scan-answer-start').click();
    await page.locator('#live-scan-answer-video').waitFor();
    await shot(page, 'live-scan-answer-phone-light');
  });
  // The browser refuses the camera.
  const refuse = () => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  };
  await withApp({ args: WEBRTC, setup: async (p) => { await p.addInitScript(detectorDouble, ['qr_code']); await p.addInitScript(refuse); } }, async (page) => {
    await page.locator('#live-start').click();
    await page.locator('#live-invite').click();
    await page.locator('#live-scan-answer-start').click();
    await page.locator('#live-error', { hasText: 'The camera was not allowed.' }).waitFor();
    await page.locator('#live-answer').waitFor({ state: 'visible' });
    await shot(page, 'live-scan-refused-desktop');
  });
});

// No detector (Linux Chromium, Firefox), or one without QR codes: no scan
// button, the paste boxes as before.
test('without a QR code detector there is no scan button', async () => {
  await withApp({ args: WEBRTC }, async (page) => {
    assert.equal(await page.evaluate(() => 'BarcodeDetector' in window), false, 'this Chromium has no detector');
    await page.locator('#live-start').click();
    await page.locator('#live-invite-paste').waitFor();
    await page.locator('#live-invite').click();
    await page.locator('#live-answer').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Scan the code' }).count(), 0);
  });
  await withApp({ args: WEBRTC, setup: (p) => p.addInitScript(detectorDouble, ['ean_13', 'code_128']) }, async (page) => {
    await page.locator('#live-start').click();
    await page.locator('#live-invite-paste').waitFor();
    // (The formats come by a promise: once asked, the screen is drawn
    // again before the next frame.)
    await eventually(() => page.evaluate(() => window.__asked === true), true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.getByRole('button', { name: 'Scan the code' }).count(), 0);
  });
});
