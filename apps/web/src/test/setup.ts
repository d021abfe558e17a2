import '@testing-library/jest-dom/vitest';
// IndexedDB for the outbox (lib/outbox.ts), in memory.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { activateLanguage } from '../lib/i18n';

// Pages load lazily and mutations retry after 1 s; on a busy two-core machine the default 1 s wait
// of findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Pure-logic test files run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// Every screen shows English unless a test chooses Vietnamese (`await activateLanguage('vi', 'staff')`; jsdom's device
// speaks en-US, as a phone or a tablet would tell it); each test starts in English again.
if (typeof document !== 'undefined') {
  beforeEach(() => activateLanguage('en', 'staff'));
}
