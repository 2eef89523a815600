// Debian's Chromium (never a downloaded browser) and the flags it runs with, headless, for the e2e tests
// (playwright.config.ts) and the Lighthouse benchmark alike.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
