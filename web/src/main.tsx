import '@fontsource-variable/dm-sans/wght.css';
import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/noto-sans-devanagari/wght.css';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { languageFromLink, setLanguage, storedLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, writeString } from '@/lib/storage';
import { App, prefetchForLanding } from '@/app/app';

async function start() {
  prefetchForLanding(window.location.pathname, window.location.search);
  // A language link (`?lang=hi`, the hreflang alternates of plant pages) sets the language.
  const linked = languageFromLink(window.location.search);
  if (linked) {
    writeString(STORAGE_KEYS.language, linked);
    // Remembered now; dropped from the address so the language button is not undone by a reload.
    const url = new URL(window.location.href);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  if (storedLanguage() === 'hi') {
    try {
      await setLanguage('hi');
    } catch {
      /* the Hindi chunk failed to load: carry on in English */
    }
  }
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices of a few milliseconds and
  // lets the browser in between, instead of one long task that blocks the page (issue 21:
  // total blocking time on phones).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
