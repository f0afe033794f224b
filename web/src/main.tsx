import '@fontsource-variable/dm-sans/wght.css';
import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/noto-sans-devanagari/wght.css';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage, storedLanguage } from '@/lib/i18n';
import { App, prefetchForLanding } from '@/app/app';

async function start() {
  prefetchForLanding(window.location.pathname, window.location.search);
  if (storedLanguage() === 'hi') {
    try {
      await setLanguage('hi');
    } catch {
      /* the Hindi chunk failed to load: carry on in English */
    }
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
