/** The quote requests the browser tests' server stored, read straight from its database */
import { DatabaseSync } from 'node:sqlite';

/** The database the browser tests' server stores into (playwright.config.ts gives it to the server): E2E_LEADS_DB, or one under test-results/ */
export const leadsDb = process.env['E2E_LEADS_DB'] ?? 'test-results/e2e-leads.sqlite';

/** The database of the owner's server (the owner project's, started by e2e-servers.ts), kept apart from the visitors' tests */
export const ownerLeadsDb =
  process.env['E2E_OWNER_LEADS_DB'] ?? 'test-results/e2e-owner-leads.sqlite';

/** The newest stored request from `email`, if any, in the browser tests' database or `database` */
export function storedLead(email: string, database = leadsDb): Record<string, unknown> | undefined {
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    return db.prepare('SELECT * FROM leads WHERE email = ? ORDER BY id DESC').get(email);
  } finally {
    db.close();
  }
}

/** An e-mail address no other test uses, to find this test's request by */
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
