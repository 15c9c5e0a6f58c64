/**
 * The system Chromium and the flags it needs here: Playwright's and Lighthouse's own browser
 * downloads are not available, and without these flags Chromium tries to reach the network.
 */
export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian package `chromium-headless-shell`): the same engine without
 * the browser around it, at about half the CPU, so the browser tests of pages run side by side on
 * two cores. What the whole browser adds (push messages, notifications) is tested in Chromium.
 */
export const headlessShellPath =
  process.env['CHROME_HEADLESS_SHELL_PATH'] ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
