/** The application, loaded by the entry script (main.tsx, which configures zod first): translations, router and first render. */
import { i18nReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// The route's loaders have started (the router is made on import); the first render waits for the
// current language's translations, loaded meanwhile (without them, it shows the texts' keys).
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
