/**
 * `npm run validate:nu`: the W3C Nu HTML Checker (the vnu-jar package) over every built page, run
 * by the system Java (Debian's `default-jre-headless`). Fails on any error. Its info warnings are
 * not shown: on files it reads every page's Content-Security-Policy against a file:// origin, so
 * it warns that 'self' blocks the page's own styles and that hashed inline scripts are blocked.
 * Its CSS grammar predates three things Tailwind writes into every page's inline stylesheet, all
 * valid CSS that browsers apply: `@property` rules, custom properties listed in
 * `transition-property`, and `margin-trim` in a feature query. Those three messages are dropped;
 * every other CSS error still fails the check.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { clientDir, requireBuildOrExit } from './support/build.ts';

requireBuildOrExit();
// The package's main module is the path of vnu.jar
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

const unknownToTheChecker = String.raw`.*CSS: (?:Unrecognized at-rule .@property.|.transition-property.: .--[-\w]+. is not a .transition-property. value|.margin-trim.: Property .margin-trim. doesn.t exist).*`;

const started = performance.now();
const checkerArgs = [
  '--skip-non-html',
  '--errors-only',
  '--filterpattern',
  unknownToTheChecker,
  '--format',
  'gnu',
  clientDir,
];
const run = spawnSync('java', ['-jar', vnuJar, ...checkerArgs], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (run.error) {
  const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
  console.error(
    missing
      ? 'The Nu HTML Checker needs Java: apt-get install default-jre-headless'
      : run.error.message,
  );
  process.exit(1);
}
const problems = `${run.stdout}${run.stderr}`.trim();
if (run.status !== 0 || problems !== '') {
  const count = problems.split('\n').length;
  console.error(problems.replaceAll(`file:${clientDir}`, 'dist/client'));
  console.error(
    `Nu HTML Checker: ${count} ${count === 1 ? 'error' : 'errors'} in the built pages (${seconds} s)`,
  );
  process.exit(1);
}
console.log(`Nu HTML Checker: no errors in the built pages (${seconds} s)`);
