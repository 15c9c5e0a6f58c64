/**
 * The photos sent with a quote request, once its fields are valid: each checked and shrunk
 * (lead-photos.ts), then kept beside the database (db/lead-photos.ts) until the lead is stored.
 */
import { FORM_SOURCES, type LeadProblem } from '../../lib/validation.ts';
import { PHOTO_FIELD, photoCount } from '../../lib/photos.ts';
import type { LeadPhotoFiles, StagedPhotos } from '../db/lead-photos.ts';
import { prepareLeadPhoto } from './lead-photos.ts';
import { photoLabel, type UploadedPhoto } from './multipart-body.ts';

type PreparedPhotos = { ok: true; jpegs: Buffer[] } | { ok: false; problem: LeadProblem };

/** Each photo checked and shrunk, in order; the first that cannot be kept refuses the request */
export async function preparePhotos(
  uploaded: readonly UploadedPhoto[],
  fields: Readonly<Record<string, string>>,
  photoFiles: LeadPhotoFiles | undefined,
): Promise<PreparedPhotos> {
  if (uploaded.length === 0) return { ok: true, jpegs: [] };
  const refuse = (message: string): PreparedPhotos => ({
    ok: false,
    problem: { field: PHOTO_FIELD, message },
  });
  if (fields['form_source'] !== FORM_SOURCES.quote)
    return refuse('Photos can be sent only with the full quote request form.');
  if (!photoFiles) return refuse('This server does not take photos. Please e-mail them to us.');
  const jpegs: Buffer[] = [];
  for (const [index, { filename, bytes }] of uploaded.entries()) {
    const prepared = await prepareLeadPhoto(bytes, photoLabel(index, filename));
    if (!prepared.ok) return refuse(prepared.message);
    jpegs.push(prepared.jpeg);
  }
  return { ok: true, jpegs };
}

/**
 * The photos written beside the database, waiting for their lead; on a full disk (or any failure
 * to write) none are kept, and the request is stored without them all the same
 */
export async function keepPhotos(
  jpegs: readonly Buffer[],
  photoFiles: LeadPhotoFiles | undefined,
  log: (message: string, error?: unknown) => void,
): Promise<{ staged?: StagedPhotos; notKept: number }> {
  if (jpegs.length === 0 || !photoFiles) return { notKept: 0 };
  try {
    const staged = await photoFiles.stage(jpegs);
    if (staged !== 'disk-full') return { staged, notKept: 0 };
    log(`The disk is full: a quote request's ${photoCount(jpegs.length)} were not kept`);
  } catch (error) {
    log(`A quote request's ${photoCount(jpegs.length)} could not be written`, error);
  }
  return { notKept: jpegs.length };
}
