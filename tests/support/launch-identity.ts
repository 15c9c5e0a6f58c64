/**
 * Setup file of the unit tests' launch-identity project (vitest.config.ts): every module that
 * imports src/content/business.json gets the launch rehearsal's other business instead
 * (launch-identity-setup.ts), so src/config/business.ts and all it feeds speak of that business
 */
import { vi } from 'vitest';
import { fixtureIdentity } from '../../scripts/support/launch-fixture.ts';
import { business } from '../../src/config/business.ts';

vi.mock('../../src/content/business.json', async () => {
  const { inject } = await import('vitest');
  return { default: JSON.parse(inject('launchIdentityFacts')) as unknown };
});

// A test file that passed here on the live facts would prove nothing about the other business
if (business.name !== fixtureIdentity.name || business.phone.e164 !== fixtureIdentity.phone.e164) {
  throw new Error(
    `The launch-identity tests read ${business.name}'s facts, not ${fixtureIdentity.name}'s`,
  );
}
