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

/**
 * The few messages shown before any catalogue can load (the page cannot
 * start, or this browser cannot run it), in each of the page's languages
 * (the catalogues are assets/i18n/<lang>.txt; these stay here because
 * they must show when nothing else loads). `{why}` is the browser's own
 * error message.
 */
const WORDS = {
  en: {
    failed: 'Tiers could not be loaded ({why}). Check the connection and reload the page.',
    unsupported:
      'Tiers cannot run in this browser: it lacks {what}. ' +
      'Open it in an up-to-date Firefox (114 or later), Chrome or Edge (104 or later) or Safari (15 or later).',
    reload: 'Reload',
    workers: 'module workers (the computer player runs in one)',
    feature: 'a WebAssembly feature Tiers needs ({why})',
  },
  es: {
    failed: 'No se pudo cargar Tiers ({why}). Comprueba la conexión y recarga la página.',
    unsupported:
      'Tiers no puede funcionar en este navegador: le falta {what}. ' +
      'Ábrelo en un Firefox actualizado (114 o posterior), Chrome o Edge (104 o posterior) o Safari (15 o posterior).',
    reload: 'Recargar',
    workers: 'los workers de módulo (el ordenador juega en uno de ellos)',
    feature: 'una función de WebAssembly que Tiers necesita ({why})',
  },
  'pt-BR': {
    failed: 'Não foi possível carregar o Tiers ({why}). Verifique a conexão e recarregue a página.',
    unsupported:
      'O Tiers não funciona neste navegador: falta {what}. ' +
      'Abra-o num Firefox atualizado (114 ou posterior), Chrome ou Edge (104 ou posterior) ou Safari (15 ou posterior).',
    reload: 'Recarregar',
    workers: 'workers de módulo (o computador joga num deles)',
    feature: 'um recurso de WebAssembly de que o Tiers precisa ({why})',
  },
  fr: {
    failed: 'Tiers n\u2019a pas pu être chargé ({why}). Vérifiez la connexion et rechargez la page.',
    unsupported:
      'Tiers ne peut pas fonctionner dans ce navigateur\u00a0: il lui manque {what}. ' +
      'Ouvrez-le dans un Firefox à jour (114 ou plus récent), Chrome ou Edge (104 ou plus récent) ou Safari (15 ou plus récent).',
    reload: 'Recharger',
    workers: 'les workers de module (l\u2019ordinateur joue dans l\u2019un d\u2019eux)',
    feature: 'une fonction WebAssembly dont Tiers a besoin ({why})',
  },
  de: {
    failed: 'Tiers konnte nicht geladen werden ({why}). Prüfe die Verbindung und lade die Seite neu.',
    unsupported:
      'Tiers läuft in diesem Browser nicht: es fehlt {what}. ' +
      'Öffne es in einem aktuellen Firefox (114 oder neuer), Chrome oder Edge (104 oder neuer) oder Safari (15 oder neuer).',
    reload: 'Neu laden',
    workers: 'Modul-Worker (der Computergegner läuft in einem)',
    feature: 'eine WebAssembly-Funktion, die Tiers braucht ({why})',
  },
  it: {
    failed: 'Impossibile caricare Tiers ({why}). Controlla la connessione e ricarica la pagina.',
    unsupported:
      'Tiers non può funzionare in questo browser: manca {what}. ' +
      'Aprilo in un Firefox aggiornato (114 o successivo), Chrome o Edge (104 o successivo) o Safari (15 o successivo).',
    reload: 'Ricarica',
    workers: 'i worker di modulo (il computer gioca in uno di essi)',
    feature: 'una funzione di WebAssembly che serve a Tiers ({why})',
  },
};
WORDS['en-GB'] = WORDS.en;

/** The page's language, once chosen (start). */
let pageLang = 'en';

/** A message of WORDS in the page's language, with its arguments. */
function words(key, args) {
  let text = (WORDS[pageLang] || WORDS.en)[key];
  for (const name in args || {}) text = text.split(`{${name}}`).join(args[name]);
  return text;
}

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
    button.textContent = words('reload');
    button.addEventListener('click', () => location.reload());
    box.appendChild(button);
  }
  const splash = document.getElementById('splash');
  if (splash) splash.remove();
  document.body.appendChild(box);
}

/** Says that the page could not start, and why. */
function failed(error) {
  console.error('Tiers could not start:', error);
  const why = error && error.message ? error.message : String(error);
  say(words('failed', { why }), true);
}

/** Says that this browser cannot run Tiers: it lacks `what`. */
function unsupported(what) {
  console.warn(`Tiers cannot run in this browser: it lacks ${what}.`);
  say(words('unsupported', { what }), false);
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
  if (typeof Worker !== 'function' || !moduleWorkers()) return words('workers');
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

/**
 * The page's wasm compiled as it arrives, without waiting for the script
 * or the catalogue (on a second visit the wasm is there first, and its
 * compiling overlapped nothing when the app's own loader started it after
 * both): a WebAssembly.Module, or the address itself where the browser
 * cannot compile a download as it arrives (no `compileStreaming`, a host
 * that serves the file without the `application/wasm` type), for the
 * app's loader to fetch and compile its own way. A CompileError (a
 * feature this browser lacks) is passed on.
 */
function compile(url) {
  if (typeof WebAssembly.compileStreaming !== 'function') return Promise.resolve(url);
  return WebAssembly.compileStreaming(fetch(url)).catch((e) => {
    if (e instanceof WebAssembly.CompileError) throw e;
    console.warn('Tiers: the wasm did not compile as it arrived, fetching it again:', e);
    return url;
  });
}

async function start() {
  const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  const lang = keptLanguage() || pickLanguage(preferred);
  pageLang = lang;
  document.documentElement.lang = lang;
  const lacks = lacking();
  if (lacks) {
    unsupported(lacks);
    return;
  }
  try {
    const [app, text, wasm] = await Promise.all([import(tag.dataset.js), catalogue(lang), compile(tag.dataset.wasm)]);
    window.tiersLanguage = { lang, text };
    await app.default({ module_or_path: wasm });
  } catch (e) {
    // A WebAssembly feature the build uses (docs/build.md, "Browsers")
    // that this browser's engine does not know.
    if (e instanceof WebAssembly.CompileError) unsupported(words('feature', { why: e.message }));
    else failed(e);
    return;
  }
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 2000));
  idle(() => import('./offline.js').catch((e) => console.warn('Tiers: no offline support:', e)), { timeout: 5000 });
}

start();
