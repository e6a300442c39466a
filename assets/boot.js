// Starts the page. Trunk writes this script's tag (Trunk.toml,
// `pattern_script`) with the names of the page's script and wasm, which
// change with every build, in `data-js` and `data-wasm`; the page's CSP
// allows no inline script, so the start is this file. Trunk's own preload
// links (with SRI digests) have the two files on their way already.
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

/** Says that the page could not start, and why, instead of a blank page. */
function failed(error) {
  console.error('Tiers could not start:', error);
  const box = document.createElement('div');
  box.className = 'boot-failed';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = `Tiers could not be loaded (${error?.message ?? error}). Check the connection and reload the page.`;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  box.append(text, reload);
  document.body.append(box);
}

/** The page's languages (app-core/src/i18n/mod.rs, `Lang`). */
const LANGS = ['en', 'en-GB', 'es', 'pt-BR', 'fr', 'de', 'it'];
/** Regions whose English says "draughts": Britain, Ireland, the Commonwealth. */
const BRITISH = new Set(['GB', 'UK', 'IE', 'AU', 'NZ', 'ZA', 'IN', 'SG', 'MT', 'CY', 'JE', 'GG', 'IM', 'GI', 'HK', 'PK', 'NG', 'KE']);

/** The best of the page's languages for the browser's preferred ones. */
function pickLanguage(preferred) {
  for (const wanted of preferred) {
    const [first, ...rest] = String(wanted).split(/[-_]/);
    const lang = first.toLowerCase();
    const region = rest.find((s) => /^[a-z]{2}$/i.test(s))?.toUpperCase();
    if (lang === 'en') return region && BRITISH.has(region) ? 'en-GB' : 'en';
    if (lang === 'pt') return 'pt-BR';
    if (LANGS.includes(lang)) return lang;
  }
  return 'en';
}

function keptLanguage() {
  try {
    const kept = localStorage.getItem('tiers.language');
    return LANGS.find((l) => l.toLowerCase() === kept?.toLowerCase()) ?? null;
  } catch {
    return null;
  }
}

async function fetchText(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.text();
}

const lang = keptLanguage() ?? pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en']);
document.documentElement.lang = lang;
// A language without a catalogue falls back to English.
const catalogue = fetchText(`i18n/${lang}.txt`)
  .catch(() => (lang === 'en' ? null : fetchText('i18n/en.txt')))
  .catch(() => null);

try {
  const [{ default: init }, text] = await Promise.all([import(tag.dataset.js), catalogue]);
  window.tiersLanguage = { lang, text };
  await init({ module_or_path: tag.dataset.wasm });
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 2000));
  idle(() => import('./offline.js').catch((e) => console.warn('Tiers: no offline support:', e)), { timeout: 5000 });
} catch (e) {
  failed(e);
}
