/**
 * `npm run test:webkit`: the islands' first taps and the no-JavaScript paths in WebKit, Safari's
 * engine (Debian's WebKitGTK on a virtual X display, driven over classic WebDriver by
 * selenium-webdriver), against the site's own server on the build (so it runs after `npm run build`).
 * Nothing is downloaded: the driver is Debian's /usr/bin/WebKitWebDriver.
 */
import { browserSuiteConfig } from '../support/browser-suite-config.ts';

export default browserSuiteConfig('webkit');
