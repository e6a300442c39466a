// Starts the page. Trunk writes this script's tag (Trunk.toml,
// `pattern_script`) with the names of the page's script and wasm, which
// change with every build, in `data-js` and `data-wasm`; the page's CSP
// allows no inline script, so the start is this file. Trunk's own preload
// links (with SRI digests) have the two files on their way already.
//
// A browser that lacks what the page needs (WebAssembly, the WebAssembly
// features the build uses, module workers for the computer player) is told
// so in words instead of showing a blank page, which is why this file is
// written for old browsers too: no top-level await, no `?.` or `??`
// (docs/build.md, "Browsers").
//
// The page's language is chosen here, before the wasm starts, so that its
// catalogue (assets/i18n/<lang>.txt: only that one) loads alongside the
// wasm: the language kept from Settings, otherwise the best match of the
// browser's preferred languages. The app reads `window.tiersLanguage`
// (src/i18n.rs).
//
// Once the app has started and the browser is idle, offline.js registers
// the service worker, so that filling its cache does not compete with the
// first screen.
const tag = document.querySelector('script[data-js][data-wasm]');

/** Shows `text` in a box instead of the app, with a Reload button when `reload`. */
function say(text, reload) {
  const box = document.createElement('div');
  box.className = 'boot-failed';
  box.setAttribute('role', 'alert');
  const p = document.createElement('p');
  p.textContent = text;
  box.appendChild(p);
  if (reload) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'primary';
    button.textContent = 'Reload';
    button.addEventListener('click', () => location.reload());
    box.appendChild(button);
  }
  document.body.appendChild(box);
}

/** Says that the page could not start, and why. */
function failed(error) {
  console.error('Tiers could not start:', error);
  const why = error && error.message ? error.message : String(error);
  say(`Tiers could not be loaded (${why}). Check the connection and reload the page.`, true);
}

/** Says that this browser cannot run Tiers: it lacks `what`. */
function unsupported(what) {
  console.warn(`Tiers cannot run in this browser: it lacks ${what}.`);
  say(
    `Tiers cannot run in this browser: it lacks ${what}. ` +
      'Open it in an up-to-date Firefox (114 or later), Chrome or Edge (104 or later) or Safari (15 or later).',
    false,
  );
}

/**
 * Whether the browser starts workers that are JavaScript modules (the AI
 * worker is one): a browser that knows the option reads `type` from the
 * options, then refuses the address (invalid on purpose, so that no worker
 * starts and nothing is fetched) with a SyntaxError; one that knows the
 * option but not module workers refuses them first with another error.
 */
function moduleWorkers() {
  let known = false;
  const options = {
    get type() {
      known = true;
      return 'module';
    },
  };
  try {
    new Worker('http://[', options).terminate();
    return known;
  } catch (e) {
    return known && e.name === 'SyntaxError';
  }
}

/** What the page needs and this browser lacks, in words; null when nothing. */
function lacking() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') return 'WebAssembly';
  if (typeof Worker !== 'function' || !moduleWorkers()) return 'module workers (the computer player runs in one)';
  return null;
}

/** The page's languages (app-core/src/i18n/mod.rs, `Lang`). */
const LANGS = ['en', 'en-GB', 'es', 'pt-BR', 'fr', 'de', 'it'];
/** Regions whose English says "draughts": Britain, Ireland, the Commonwealth. */
const BRITISH = ['GB', 'UK', 'IE', 'AU', 'NZ', 'ZA', 'IN', 'SG', 'MT', 'CY', 'JE', 'GG', 'IM', 'GI', 'HK', 'PK', 'NG', 'KE'];

/** The best of the page's languages for the browser's preferred ones. */
function pickLanguage(preferred) {
  for (const wanted of preferred) {
    const parts = String(wanted).split(/[-_]/);
    const lang = parts[0].toLowerCase();
    const region = parts.slice(1).find((s) => /^[a-z]{2}$/i.test(s));
    if (lang === 'en') return region && BRITISH.indexOf(region.toUpperCase()) >= 0 ? 'en-GB' : 'en';
    if (lang === 'pt') return 'pt-BR';
    if (LANGS.indexOf(lang) >= 0) return lang;
  }
  return 'en';
}

/** The language kept from Settings, if any. */
function keptLanguage() {
  try {
    const kept = String(localStorage.getItem('tiers.language')).toLowerCase();
    return LANGS.find((l) => l.toLowerCase() === kept) || null;
  } catch (e) {
    return null;
  }
}

async function fetchText(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.text();
}

/** Fetches the catalogue of `lang` (English when it has none); null when neither loads. */
function catalogue(lang) {
  return fetchText(`i18n/${lang}.txt`)
    .catch(() => (lang === 'en' ? null : fetchText('i18n/en.txt')))
    .catch(() => null);
}

async function start() {
  const lacks = lacking();
  if (lacks) {
    unsupported(lacks);
    return;
  }
  const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  const lang = keptLanguage() || pickLanguage(preferred);
  document.documentElement.lang = lang;
  try {
    const [app, text] = await Promise.all([import(tag.dataset.js), catalogue(lang)]);
    window.tiersLanguage = { lang, text };
    await app.default({ module_or_path: tag.dataset.wasm });
  } catch (e) {
    // A WebAssembly feature the build uses (docs/build.md, "Browsers")
    // that this browser's engine does not know.
    if (e instanceof WebAssembly.CompileError) unsupported(`a WebAssembly feature Tiers needs (${e.message})`);
    else failed(e);
    return;
  }
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 2000));
  idle(() => import('./offline.js').catch((e) => console.warn('Tiers: no offline support:', e)), { timeout: 5000 });
}

start();
