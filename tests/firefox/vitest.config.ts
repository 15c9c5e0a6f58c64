/**
 * `npm run test:firefox`: the islands' first taps and the no-JavaScript paths in Debian's Firefox
 * ESR, driven over WebDriver BiDi by puppeteer-core, against the site's own server on the build
 * (so it runs after `npm run build`). Nothing is downloaded; FIREFOX_PATH names another Firefox.
 */
import { browserSuiteConfig } from '../support/browser-suite-config.ts';

export default browserSuiteConfig('firefox');
