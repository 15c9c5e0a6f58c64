/**
 * Where the owner is in the app, kept in the address's hash so Back and a reload work:
 * `#inbox` (or nothing), `#lead/12`, `#numbers/30`, `#jobs`, `#jobs/new`, `#jobs/NAME` (one job's
 * form), `#site`, `#notifications`, `#passkeys`. An invite link's
 * `#invite=TOKEN` is read once and removed (src/owner/invite.ts).
 */
import { NUMBERS_PERIODS, type NumbersPeriod } from '../lib/owner-api.ts';

export type OwnerView =
  | { name: 'inbox' }
  | { name: 'lead'; id: number }
  | { name: 'numbers'; days: NumbersPeriod }
  | { name: 'jobs' }
  /** A job's form: a new one, or his job by its name */
  | { name: 'job'; id: string | null }
  | { name: 'site' }
  | { name: 'notifications' }
  | { name: 'passkeys' };

export const DEFAULT_NUMBERS_PERIOD: NumbersPeriod = 30;

export function parseView(hash: string): OwnerView {
  const [name = '', argument = ''] = hash.replace(/^#/, '').split('/');
  if (name === 'lead' && /^\d{1,15}$/.test(argument)) return { name: 'lead', id: Number(argument) };
  if (name === 'numbers') {
    const days =
      NUMBERS_PERIODS.find((period) => String(period) === argument) ?? DEFAULT_NUMBERS_PERIOD;
    return { name: 'numbers', days };
  }
  if (name === 'jobs') {
    if (argument === 'new') return { name: 'job', id: null };
    if (/^[a-z0-9-]{1,200}$/.test(argument)) return { name: 'job', id: argument };
    return { name: 'jobs' };
  }
  if (name === 'passkeys') return { name: 'passkeys' };
  if (name === 'site') return { name: 'site' };
  if (name === 'notifications') return { name: 'notifications' };
  return { name: 'inbox' };
}

export function hashOf(view: OwnerView): string {
  switch (view.name) {
    case 'lead':
      return `#lead/${view.id}`;
    case 'numbers':
      return `#numbers/${view.days}`;
    case 'jobs':
      return '#jobs';
    case 'job':
      return `#jobs/${view.id ?? 'new'}`;
    case 'passkeys':
      return '#passkeys';
    case 'site':
      return '#site';
    case 'notifications':
      return '#notifications';
    default:
      return '#inbox';
  }
}

/** The tab a view belongs to: one request is part of the inbox */
export type OwnerTab = 'inbox' | 'numbers' | 'jobs' | 'site' | 'notifications' | 'passkeys';
export const tabOf = (view: OwnerView): OwnerTab =>
  view.name === 'lead' ? 'inbox' : view.name === 'job' ? 'jobs' : view.name;
