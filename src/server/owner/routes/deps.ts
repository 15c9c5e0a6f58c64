/**
 * What the owner's route modules are built from: the store, the door (guard.ts), the passkey
 * ceremonies and enrolments, the publisher of his edits (none on a server that does not publish),
 * the photos sent with the requests, his finished jobs in the site's source, the push channel
 * with the outbox's state of each channel, and the pages' names for his numbers.
 */
import type { AsyncLeadStore } from '../../db/async-store.ts';
import type { LeadPhotoFiles } from '../../db/lead-photos.ts';
import type { PushChannel } from '../../notify/channels/push.ts';
import type { Channel } from '../../notify/channel.ts';
import type { Outbox } from '../../notify/outbox.ts';
import type { Publisher } from '../../publish/publisher.ts';
import type { PageTitles } from '../../stats/page-titles.ts';
import type { Enrolments } from '../enrolment.ts';
import type { OwnerGuard } from '../guard.ts';
import type { JobStore } from '../jobs.ts';
import type { PasskeyCeremonies } from '../passkey-ceremonies.ts';

export interface OwnerRouteDeps {
  store: AsyncLeadStore;
  guard: OwnerGuard;
  ceremonies: PasskeyCeremonies;
  enrolments: Enrolments;
  publisher: Publisher | undefined;
  /** The photos sent with the requests; none kept on a server given none */
  photoFiles: LeadPhotoFiles | undefined;
  /** His finished jobs in the site's source; none on a server that keeps no source */
  jobs: JobStore | undefined;
  /** Web Push to his devices and the state of every channel; none on a server given its channels */
  push: OwnerPush | undefined;
  /** Names the site's pages for his numbers; by their paths without */
  pageTitles?: PageTitles | undefined;
}

export interface OwnerPush {
  channel: PushChannel;
  /** Every channel, for the alert that a device was added */
  channels: readonly Channel[];
  outbox: Pick<Outbox, 'channelNames' | 'isWorking'>;
  /** The site's origin: push services on loopback over http are allowed only when it is http on loopback (tests) */
  siteUrl: string;
  log: (message: string, error?: unknown) => void;
}
