/**
 * A multipart form post read as it streams in (busboy), with the photos it carries: every limit
 * is checked as the bytes arrive, so an oversized request is refused without being held. The
 * text fields are held to the same rules as form-body.ts's (valid UTF-8, MAX_BODY_BYTES of
 * text at most); a file under any other name than the photos' stands as a Blob, which the
 * handler refuses for that field. An empty file part (a file input left empty) is no photo.
 */
import busboy from 'busboy';
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTOS_MAX } from '../../lib/photos.ts';
import { decodeUtf8, discardRest, readChunks, type DiscardLimits } from '../http/request-body.ts';
import type { FormEntry } from './form-body.ts';

/**
 * What is read and dropped after a refusal before the answer: a phone sending photos may still
 * have megabytes on their way, and closing on them would reset the connection before it reads why
 */
const PHOTO_DISCARD_LIMITS: DiscardLimits = { bytes: 8 * 1024 * 1024, ms: 10_000 };

export interface UploadedPhoto {
  /** As the browser named it, for the visitor's own words about it ("Photo 2 (fuse.jpg)") */
  filename: string;
  bytes: Buffer;
}

export interface MultipartLimits {
  /** The whole body */
  requestBytes: number;
  /** The text fields together */
  textBytes: number;
  photoBytes?: number;
  photos?: number;
  discard?: DiscardLimits | undefined;
  /** Takes room for more bytes of a photo (upload-room.ts); false when there is none */
  hold?: ((bytes: number) => boolean) | undefined;
}

export type MultipartResult =
  | { ok: true; entries: FormEntry[]; photos: UploadedPhoto[] }
  | { ok: false; problem: MultipartProblem; reason?: string };

/**
 * too-large: the body or its text over the limit; photo-too-large / too-many-photos: the words
 * say which; unreadable: the body broke off; malformed: not well-formed multipart or UTF-8;
 * busy: the server holds all the photos it has room for
 */
export type MultipartProblem =
  | 'too-large'
  | 'text-too-large'
  | 'photo-too-large'
  | 'too-many-photos'
  | 'unreadable'
  | 'malformed'
  | 'busy';

/**
 * The boundary parameter of a multipart Content-Type, read without a pattern: the handler runs
 * none on what a visitor sends before its limits are checked
 */
function boundaryOf(contentType: string): string {
  for (const parameter of contentType.split(';').slice(1)) {
    const separator = parameter.indexOf('=');
    if (parameter.slice(0, separator).trim().toLowerCase() !== 'boundary') continue;
    const value = parameter.slice(separator + 1).trim();
    return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return '';
}

/**
 * Counts the parts of a multipart body as it streams by: each delimiter line opens one, and the
 * last closes the body. busboy passes over a part it cannot name (no Content-Disposition) without
 * a word; comparing its parts with these says that the body was not well-formed.
 */
function partCounter(contentType: string) {
  const delimiter = Buffer.from(`\r\n--${boundaryOf(contentType)}`, 'latin1');
  // As busboy does, a line end before the first delimiter, for a body without a preamble
  let tail = Buffer.from('\r\n');
  let delimiters = 0;
  return {
    add(chunk: Uint8Array) {
      const text = Buffer.concat([tail, chunk]);
      for (let at = text.indexOf(delimiter); at !== -1; at = text.indexOf(delimiter, at + 1))
        delimiters++;
      // Enough of the end to hold a delimiter's start, never a whole one already counted
      tail = text.subarray(Math.max(0, text.length - delimiter.length + 1));
    },
    /** The parts the delimiters opened, the last one closing the body */
    get parts() {
      return delimiters - 1;
    },
  };
}

/** The latin1 string busboy gives, as the bytes it stood for, decoded strictly as UTF-8 */
const strictText = (latin1: string): string | null => decodeUtf8(Buffer.from(latin1, 'latin1'));

export function photoLabel(index: number, filename: string): string {
  const name = filename.trim();
  return `Photo ${index + 1}${name ? ` (${name.slice(0, 60)})` : ''}`;
}

export async function readMultipart(
  request: Request,
  contentType: string,
  limits: MultipartLimits,
): Promise<MultipartResult> {
  const photoBytes = limits.photoBytes ?? PHOTO_MAX_BYTES;
  const photosMax = limits.photos ?? PHOTOS_MAX;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Bytes as they came, so that invalid UTF-8 is refused below rather than replaced
      defCharset: 'latin1',
      defParamCharset: 'latin1',
      limits: {
        fieldSize: limits.textBytes,
        fields: 50,
        // Room to count a sixth photo, and a few files under other names
        files: photosMax + 4,
        fileSize: photoBytes,
        parts: 60,
        headerPairs: 20,
      },
    });
  } catch {
    return { ok: false, problem: 'malformed' };
  }

  const entries: FormEntry[] = [];
  const photos: UploadedPhoto[] = [];
  const counter = partCounter(contentType);
  let partsRead = 0;
  let failure: Extract<MultipartResult, { ok: false }> | undefined;
  let textBytes = 0;
  const fail = (problem: MultipartProblem, reason?: string) => {
    failure ??= { ok: false, problem, ...(reason === undefined ? {} : { reason }) };
  };

  parser.on('field', (rawName, rawValue, info) => {
    partsRead++;
    textBytes += Buffer.byteLength(rawName, 'latin1') + Buffer.byteLength(rawValue, 'latin1');
    if (info.valueTruncated || textBytes > limits.textBytes) return fail('text-too-large');
    const name = strictText(rawName);
    const value = strictText(rawValue);
    if (name === null || value === null)
      return fail('malformed', 'The form data is not valid UTF-8 text.');
    entries.push([name, value]);
  });
  let photoParts = 0;
  const tooMany = () => ++photoParts > photosMax;
  parser.on('file', (rawName, stream, info) => {
    partsRead++;
    const name = strictText(rawName) ?? '';
    // busboy gives no filename for `filename=""`, as a file input left empty sends (with no bytes)
    const filename = strictText(info.filename ?? '') ?? '';
    const isPhoto = name === PHOTO_FIELD;
    // A body that ends, or a parser stopped, inside this part ends its stream with an error; unheard,
    // that error would end the process
    stream.on('error', () => fail('malformed'));
    if (isPhoto && filename !== '' && tooMany()) {
      fail('too-many-photos');
      stream.resume();
      return;
    }
    const label = () => photoLabel(filename === '' ? photoParts : photoParts - 1, filename);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      if (!isPhoto || failure) return;
      if (limits.hold && !limits.hold(chunk.length)) return fail('busy');
      chunks.push(chunk);
    });
    stream.on('limit', () =>
      isPhoto
        ? fail(
            'photo-too-large',
            `${label()} is over ${photoBytes / 1024 / 1024} MB. Please send a smaller photo.`,
          )
        : fail('text-too-large'),
    );
    stream.on('end', () => {
      if (!isPhoto) return void entries.push([name, new Blob()]);
      const bytes = Buffer.concat(chunks);
      if (filename === '' && bytes.length === 0) return;
      if (filename === '' && tooMany()) return fail('too-many-photos');
      photos.push({ filename, bytes });
    });
  });
  parser.on('filesLimit', () => fail('too-many-photos'));
  parser.on('fieldsLimit', () => fail('text-too-large'));
  parser.on('partsLimit', () => fail('malformed', 'The form has too many parts.'));

  const finished = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      fail('malformed');
      resolve();
    });
  });

  if (!request.body) return { ok: false, problem: 'malformed' };
  const reader = request.body.getReader();
  const end = await readChunks(reader, limits.requestBytes, async (chunk) => {
    if (failure) return false;
    counter.add(chunk);
    if (!parser.write(chunk))
      await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), finished]);
    return true;
  });
  if (end === 'too-large' || end === 'unreadable') fail(end);
  if (failure) {
    parser.destroy();
    // The rest is read and dropped, within limits, so the client reads the answer
    await discardRest(reader, limits.discard ?? PHOTO_DISCARD_LIMITS);
    return failure;
  }
  parser.end();
  await finished;
  if (!failure && partsRead !== counter.parts) fail('malformed');
  return failure ?? { ok: true, entries, photos };
}
