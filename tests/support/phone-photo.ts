/** A photo as a phone stores it, for the tests of what the editor does with one */
import sharp from 'sharp';

/** The colours of its two halves: red on the left as stored, blue on the right */
export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

/** A landscape picture, red on its left half and blue on its right */
export async function twoColourPhoto(width: number, height: number) {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([{ input: left, left: 0, top: 0 }]);
}

/**
 * A JPEG as a phone takes it: sideways pixels with EXIF orientation 6 (turn 90° clockwise, so the
 * red half belongs at the top), where it was taken (GPS), the camera, and XMP
 */
export async function phonePhoto(width = 3000, height = 2000): Promise<Buffer> {
  return (await twoColourPhoto(width, height))
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Software: 'Camera 1.0' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '36/1 54/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '174/1 54/1 4800/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}
