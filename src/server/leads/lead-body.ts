/**
 * A quote request's body, read as its type says: the form's text (form-body.ts) within its limit,
 * or multipart (multipart-body.ts), which may carry photos, within a larger one. Each refusal is
 * answered here: 415 for another type, 413 past a limit (declared or counted), 400 for a body
 * broken off or not well-formed, the problems page for too many photos.
 */
import { PHOTO_FIELD, PHOTOS_MAX } from '../../lib/photos.ts';
import {
  declaresTooLarge,
  mediaTypeOf,
  readLimitedBody,
  type DiscardLimits,
} from '../http/request-body.ts';
import { isFormMediaType, parseFormBody, type FormEntry } from './form-body.ts';
import { readMultipart, type MultipartResult, type UploadedPhoto } from './multipart-body.ts';
import type { answersFor } from './responses.ts';

type Answers = ReturnType<typeof answersFor>;

const BUSY_RETRY_SECONDS = 60;
const BUSY_WORDS =
  'We are receiving a lot of photos right now. Please try again in a minute, or send your request without photos.';

export interface LeadBodyLimits {
  /** The form's text, sent alone or beside photos */
  textBytes: number;
  /** A multipart body, which may carry photos */
  requestBytes: number;
  discard?: DiscardLimits | undefined;
  /** Lets a multipart body (photos over a phone's slow link) take longer than a form's text */
  allowPhotoUpload?: (() => void) | undefined;
  /** Takes room for more bytes of a photo (upload-room.ts); false when there is none */
  hold?: ((bytes: number) => boolean) | undefined;
}

/** The one body type that may carry photos */
const MULTIPART = 'multipart/form-data';

/** Whether `request`'s body may carry photos: the handler holds a place for it while it arrives */
export const mayCarryPhotos = (request: Request) =>
  mediaTypeOf(request.headers.get('content-type')) === MULTIPART;

export type LeadBody =
  { ok: true; entries: FormEntry[]; photos: UploadedPhoto[] } | { ok: false; refusal: Response };

export async function readLeadBody(
  request: Request,
  answer: Answers,
  { textBytes, requestBytes, discard, allowPhotoUpload, hold }: LeadBodyLimits,
): Promise<LeadBody> {
  const refuse = (refusal: Response) => ({ ok: false as const, refusal });
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = mediaTypeOf(contentType);
  if (!isFormMediaType(mediaType)) {
    return refuse(
      answer.error(
        415,
        'Send the form as multipart/form-data or application/x-www-form-urlencoded.',
      ),
    );
  }

  const tooLarge = () =>
    answer.error(413, `The request is too large (the limit is ${textBytes / 1024} KB).`);
  const photosTooLarge = () =>
    answer.error(
      413,
      `The request is too large (the limit is ${requestBytes / 1024 / 1024} MB). Please send fewer or smaller photos.`,
    );
  const isMultipart = mediaType === MULTIPART;
  if (isMultipart) allowPhotoUpload?.();
  if (declaresTooLarge(request, isMultipart ? requestBytes : textBytes))
    return refuse(isMultipart ? photosTooLarge() : tooLarge());

  if (isMultipart) {
    const read = await readMultipart(request, contentType, {
      requestBytes,
      textBytes,
      discard,
      hold,
    });
    if (!read.ok) return refuse(multipartRefusal(read, { tooLarge, photosTooLarge, answer }));
    return { ok: true, entries: read.entries, photos: read.photos };
  }
  const body = await readLimitedBody(request, textBytes, discard);
  if (!body.ok)
    return refuse(
      body.reason === 'too-large'
        ? tooLarge()
        : answer.error(400, 'The request body could not be read.'),
    );
  const parsed = parseFormBody(body.bytes);
  if (!parsed.ok) return refuse(answer.error(400, parsed.reason));
  return { ok: true, entries: parsed.entries, photos: [] };
}

/** The answer to a multipart body refused as it was read */
function multipartRefusal(
  read: Extract<MultipartResult, { ok: false }>,
  {
    tooLarge,
    photosTooLarge,
    answer,
  }: { tooLarge: () => Response; photosTooLarge: () => Response; answer: Answers },
): Response {
  switch (read.problem) {
    case 'too-large':
      return photosTooLarge();
    case 'text-too-large':
      return tooLarge();
    case 'photo-too-large':
      return answer.error(413, read.reason ?? 'A photo is too large. Please send a smaller photo.');
    case 'too-many-photos':
      return answer.problems(
        [{ field: PHOTO_FIELD, message: `Please send at most ${PHOTOS_MAX} photos.` }],
        {},
      );
    case 'unreadable':
      return answer.error(400, 'The request body could not be read.');
    case 'malformed':
      return answer.error(400, read.reason ?? 'The form data is not well-formed multipart.');
    case 'busy':
      return answer.error(503, BUSY_WORDS, { 'Retry-After': String(BUSY_RETRY_SECONDS) });
  }
}
