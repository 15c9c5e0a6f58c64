/**
 * What the owner's route modules are built from: the store, the door (guard.ts), the passkey
 * ceremonies and enrolments, and the publisher of his edits (none on a server that does not publish).
 */
import type { AsyncLeadStore } from '../../db/async-store.ts';
import type { Publisher } from '../../publish/publisher.ts';
import type { Enrolments } from '../enrolment.ts';
import type { OwnerGuard } from '../guard.ts';
import type { PasskeyCeremonies } from '../passkey-ceremonies.ts';

export interface OwnerRouteDeps {
  store: AsyncLeadStore;
  guard: OwnerGuard;
  ceremonies: PasskeyCeremonies;
  enrolments: Enrolments;
  publisher: Publisher | undefined;
}
