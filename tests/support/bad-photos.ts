/** Files that pass for photos by name or size but must not be kept, for the tests of the quote form's photos */
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header says it is `side` × `side`
 * pixels (a gigapixel and more), its rows the zeros that deflate squeezes to nothing
 */
export function pngBomb(side = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRows = deflateSync(Buffer.alloc((side + 1) * 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A web page saved under a photo's name */
export const HTML_AS_JPEG = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);

/** The start of a HEIC photo as an iPhone or a Mac writes it (its ftyp box) */
export const HEIC_START = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'ascii'),
  Buffer.alloc(64),
]);

/** The first half of a photo: a send cut short */
export const truncated = (photo: Buffer): Buffer => photo.subarray(0, Math.floor(photo.length / 2));
