/**
 * The system Chromium and the flags it needs here: Playwright's and Lighthouse's own browser
 * downloads are not available, and without these flags Chromium tries to reach the network.
 */
export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
