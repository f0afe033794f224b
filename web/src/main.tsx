import '@fontsource-variable/dm-sans/wght.css';
import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/noto-sans-devanagari/wght.css';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
// The first screen the server draws for /catalogue and /plant/:id (issue 21) is styled by
// the page's own stylesheet, so it belongs in the render-blocking CSS, not the page chunk's;
// and so do the few rules of the components those pages draw at once (2 KB gzip together):
// a stylesheet added after the first paint restyles the whole page in one long task
// (160 ms of the plant page's blocking time on a throttled phone).
import './features/catalogue/catalogue.css';
import './features/plant/plant.css';
import './components/care/care.css';
import './components/delivery/delivery.css';
import './components/reviews/reviews.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { languageFromLink, setLanguage, storedLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, writeString } from '@/lib/storage';
import { App, prefetchForLanding } from '@/app/app';
import { preloadLandingPage } from '@/app/router';

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
  // The page's code before the first render, so React's first commit, which replaces the
  // first screen the server drew, draws the page and not its loading skeleton (the landing
  // script has already asked for the chunk: this waits for it, it does not fetch it again).
  try {
    await preloadLandingPage(window.location.pathname);
  } catch {
    /* the chunk failed to load: the lazy route shows its error as before */
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
