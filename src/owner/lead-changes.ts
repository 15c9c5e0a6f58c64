/**
 * A request as it stands after the owner changed it. The server may answer a change with the
 * whole request (then its answer is taken as it is) or with anything else (then the change is
 * applied here, as the server applied it).
 */
import type { LeadChange, LeadNote, OwnerLead } from '../lib/owner-api.ts';

/** Whether the server's answer is the request itself */
export function isLeadOf(answer: unknown, id: number): answer is OwnerLead {
  const lead = answer as Partial<OwnerLead> | null;
  return typeof lead === 'object' && lead !== null && lead.id === id && typeof lead.status === 'string' && Array.isArray(lead.notes);
}

export function withChange(lead: OwnerLead, change: LeadChange, now: Date): OwnerLead {
  return {
    ...lead,
    ...(change.status ? { status: change.status } : {}),
    ...(change.followUp !== undefined ? { followUp: change.followUp } : {}),
    ...(change.read && lead.readAt === null ? { readAt: now.toISOString() } : {}),
  };
}

/** The request with the new note last (notes run oldest first); the server's note when it sent one */
export function withNote(lead: OwnerLead, text: string, answer: unknown, now: Date): OwnerLead {
  if (isLeadOf(answer, lead.id)) return answer;
  const sent = answer as Partial<LeadNote> | null;
  const note: LeadNote =
    sent && typeof sent.at === 'string' && typeof sent.text === 'string'
      ? { at: sent.at, text: sent.text }
      : { at: now.toISOString(), text };
  return { ...lead, notes: [...lead.notes, note] };
}
