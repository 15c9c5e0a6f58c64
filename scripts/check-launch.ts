/**
 * `npm run check:launch`: fails while any placeholder identity or sample content remains, and
 * prints what is left to replace; warns about what would look wrong, such as a short name too long
 * for a phone's header. Run it before the site goes live.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { business } from '../src/config/business.ts';
import { launchWarnings, placeholderProblems, sampleProblems } from '../src/lib/launch-check.ts';
import { siteOrigin } from '../src/lib/site-url.ts';

const contentDir = 'src/content';
const samples = ['projects', 'testimonials'].flatMap((collection) =>
  readdirSync(join(contentDir, collection))
    .filter((file) =>
      /^sample:\s*true\s*$/m.test(readFileSync(join(contentDir, collection, file), 'utf8')),
    )
    .map((file) => ({ collection, id: file.replace(/\.ya?ml$/, '') })),
);

const problems = [...placeholderProblems(business, siteOrigin()), ...sampleProblems(samples)];
// Warnings first, so a long list of problems does not bury them; they do not fail the check
for (const warning of launchWarnings(business)) console.warn(`Warning: ${warning}`);
if (problems.length > 0) {
  console.error(`Not ready for launch: ${problems.length} thing(s) to replace`);
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log('Ready for launch: no placeholders or sample content left.');
