/** A photo as a phone stores it, for the tests of what the editor does with one */
import sharp, { type Sharp } from 'sharp';

/** The colours of its two halves: red on the left as stored, blue on the right */
export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

/** A landscape picture, red on its left half and blue on its right */
export async function twoColourPhoto(width: number, height: number) {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
}

/** The picture as a phone stores it: EXIF orientation 6, where it was taken (GPS), the camera, and XMP */
function asPhoneStoresIt(picture: Sharp): Promise<Buffer> {
  return picture
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Software: 'Camera 1.0' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '36/1 54/1 3600/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '174/1 54/1 4800/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/**
 * A JPEG as a phone takes it: sideways pixels with EXIF orientation 6 (turn 90° clockwise, so the
 * red half belongs at the top), where it was taken (GPS), the camera, and XMP
 */
export async function phonePhoto(width = 3000, height = 2000): Promise<Buffer> {
  return asPhoneStoresIt(await twoColourPhoto(width, height));
}

/**
 * The same photo at a phone's weight: with the sensor's grain, which JPEG cannot squeeze, a
 * 12-megapixel picture is megabytes rather than the few kilobytes of two flat colours
 */
export async function grainyPhonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  const { data, info } = await (
    await twoColourPhoto(width, height)
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A fixed sequence (xorshift), so the photo weighs the same every run
  let state = 1;
  for (let index = 0; index < data.length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    data[index] = Math.min(255, Math.max(0, data[index]! + ((state >>> 0) % 61) - 30));
  }
  return asPhoneStoresIt(sharp(data, { raw: info }));
}
