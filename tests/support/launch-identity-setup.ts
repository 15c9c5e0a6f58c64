/**
 * The unit tests of what a business's identity changes run twice (vitest.config.ts): on the facts
 * of src/content/business.json, and here on the launch rehearsal's other business
 * (scripts/support/launch-fixture.ts) written over them, as the owner would on launch day. This
 * global setup writes that business.json once; launch-identity.ts puts it in the live one's place.
 */
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { applyFixture } from '../../scripts/support/launch-fixture.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** business.json with the launch rehearsal's identity in place of the placeholders */
    launchIdentityFacts: string;
  }
}

export default function setup(project: TestProject) {
  project.provide(
    'launchIdentityFacts',
    applyFixture(readFileSync('src/content/business.json', 'utf8')).text,
  );
}
