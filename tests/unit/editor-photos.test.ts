/**
 * The content editor's saves, before anything is written: a project photo is checked by its
 * content, turned upright, stripped of every piece of metadata and scaled to at most 2,400 px;
 * anything that is not a JPEG, PNG or WebP picture, or is over 20 MB, is refused with a message
 * that names the photo; an update may touch only the editor's own files.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { editorConfig } from '../../src/editor/forms.ts';
import { PHOTOS_DIRECTORY } from '../../src/lib/content-schemas.ts';
import { makePhotoSafe, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from '../../src/server/editor/photos.ts';
import { checkUpdate, editableFiles } from '../../src/server/editor/updates.ts';
import { phonePhoto, RED, twoColourPhoto } from '../support/phone-photo.ts';

const photoPath = (extension: string, project = 'switchboard-howick', index = 0) =>
  `${PHOTOS_DIRECTORY}/${project}/photos/${index}/src.${extension}`;

/** The editor's check of a save, on a site whose files on disk are `onDisk` */
const check = (body: unknown, onDisk: Record<string, string> = {}) =>
  checkUpdate(body, editableFiles(editorConfig), {
    readEntry: (path) => Promise.resolve(onDisk[path]),
  });

async function colourAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

async function madeSafe(input: Buffer, path: string) {
  const outcome = await makePhotoSafe(input, path);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.bytes;
}

describe('a project photo', () => {
  it('is turned upright, stripped of GPS, camera and XMP, and scaled to 2,400 px on its long side', async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    // The photo really carries what must go
    expect(before).toMatchObject({ format: 'jpeg', width: 3000, height: 2000, orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.xmp).toBeDefined();

    const output = await madeSafe(input, photoPath('jpg'));
    const after = await sharp(output).metadata();
    expect(after).toMatchObject({
      format: 'jpeg',
      width: (2000 * PHOTO_MAX_SIDE) / 3000,
      height: PHOTO_MAX_SIDE,
    });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(output.toString('latin1')).not.toMatch(/PhoneMaker|GPS|xmpmeta/);
    // Turned clockwise: the stored left half (red) is now the top
    const top = await colourAt(output, after.width / 2, 10);
    const bottom = await colourAt(output, after.width / 2, after.height - 10);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(100);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(100);
  });

  it('is never enlarged, and is written in the format its file name says', async () => {
    const small = await (await twoColourPhoto(800, 600)).png().toBuffer();
    for (const [extension, format] of [
      ['png', 'png'],
      ['JPG', 'jpeg'],
      ['jpeg', 'jpeg'],
      ['webp', 'webp'],
    ] as const) {
      const output = await madeSafe(small, photoPath(extension));
      expect(await sharp(output).metadata(), extension).toMatchObject({
        format,
        width: 800,
        height: 600,
      });
    }
    const webp = await (await twoColourPhoto(5000, 1000)).webp().toBuffer();
    expect(await sharp(await madeSafe(webp, photoPath('webp'))).metadata()).toMatchObject({
      format: 'webp',
      width: PHOTO_MAX_SIDE,
      height: 480,
    });
  });

  it('is refused, naming the photo, when it is not a JPEG, PNG or WebP picture', async () => {
    const notAPicture =
      'Photo 3: that file is not a photo the site can show. Choose a photo from your phone or camera.';
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
    );
    const jpeg = await phonePhoto(200, 100);
    const cases: Array<[string, Buffer, string]> = [
      [
        'a text file named .jpg',
        Buffer.from('Just some notes about the job, not a picture.\n'),
        'jpg',
      ],
      ['a GIF', gif, 'jpg'],
      ['a GIF named .gif', gif, 'gif'],
      ['an SVG named .png', svg, 'png'],
      ['an SVG', svg, 'svg'],
      ['a JPEG named .heic', jpeg, 'heic'],
      ['a JPEG cut short', jpeg.subarray(0, jpeg.length / 2), 'jpg'],
      ['an empty file', Buffer.alloc(0), 'jpg'],
    ];
    for (const [what, input, extension] of cases) {
      expect(
        await makePhotoSafe(input, photoPath(extension, 'switchboard-howick', 2), 'Photo 3'),
        what,
      ).toEqual({
        ok: false,
        status: 400,
        message: notAPicture,
      });
    }
  });

  it('is refused with 413 when it is over 20 MB', async () => {
    const big = Buffer.concat([
      await phonePhoto(200, 100),
      Buffer.alloc(21 * 1024 * 1024 - 20_000),
    ]);
    expect(big.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    expect(await makePhotoSafe(big, photoPath('jpg'), 'Photo')).toEqual({
      ok: false,
      status: 413,
      message: 'Photo: that file is over 20 MB. Choose a smaller photo.',
    });
  });
});

describe('an update from the editor', () => {
  const yaml = Buffer.from('title: A job\n').toString('base64');

  it('has its photos made safe and the rest passed on unchanged', async () => {
    const photo = (await phonePhoto()).toString('base64');
    const project = Buffer.from(
      'title: A job\nphotos:\n  - src: ../../assets/projects/switchboard-howick/photos/1/src.jpg\n',
    );
    const body = {
      additions: [
        {
          path: 'src/content/projects/switchboard-howick.yaml',
          contents: project.toString('base64'),
        },
        { path: photoPath('jpg', 'switchboard-howick', 1), contents: photo },
      ],
      deletions: [
        { path: photoPath('png', 'switchboard-howick', 4) },
        { path: 'src/content/projects/old-name.yaml' },
      ],
    };
    const checked = await check(body);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.update.deletions).toEqual(body.deletions.map(({ path }) => path));
    expect(checked.update.additions[0]).toEqual({ path: body.additions[0]!.path, bytes: project });
    const written = checked.update.additions[1]!.bytes;
    expect(await sharp(written).metadata()).toMatchObject({ width: 1600, height: PHOTO_MAX_SIDE });
    expect((await sharp(written).metadata()).exif).toBeUndefined();
  });

  it('names the photo it refuses, and writes nothing of the save', async () => {
    // A photo replaced under the same name: the project's file on disk names it already
    const onDisk = {
      'src/content/projects/switchboard-howick.yaml': `photos:\n  - src: ../../assets/projects/switchboard-howick/photos/1/src.jpg\n`,
    };
    const body = {
      additions: [
        {
          path: photoPath('jpg', 'switchboard-howick', 1),
          contents: Buffer.from('not a photo').toString('base64'),
        },
      ],
      deletions: [],
    };
    expect(await check(body, onDisk)).toEqual({
      ok: false,
      status: 400,
      message:
        'Photo 2: that file is not a photo the site can show. Choose a photo from your phone or camera.',
    });
  });

  it('is refused when it adds a photo that no job uses, as saved with it or on disk', async () => {
    const photo = (await phonePhoto(200, 100)).toString('base64');
    const onDisk = { 'src/content/projects/switchboard-howick.yaml': 'title: A job\n' };
    for (const path of [
      photoPath('jpg', 'switchboard-howick', 3),
      photoPath('jpg', 'no-such-job', 0),
      `${PHOTOS_DIRECTORY}/spare/src.jpg`,
    ]) {
      expect(
        await check({ additions: [{ path, contents: photo }], deletions: [] }, onDisk),
        path,
      ).toEqual({
        ok: false,
        status: 400,
        message: expect.stringMatching(/belongs to no job/),
      });
    }
    // Named in an area page's text, or in a comment of the project's file, is not enough
    const areaText = {
      additions: [
        {
          path: 'src/content/areas/electrician-howick.md',
          contents: Buffer.from(
            '---\ntitle: x\n---\nsrc: ../../assets/projects/electrician-howick/o1.png\n',
          ).toString('base64'),
        },
        { path: `${PHOTOS_DIRECTORY}/electrician-howick/o1.png`, contents: photo },
      ],
      deletions: [],
    };
    expect((await check(areaText)).ok).toBe(false);
    const inComment = {
      'src/content/projects/switchboard-howick.yaml':
        'title: A job\n# ../../assets/projects/switchboard-howick/photos/3/src.jpg\n',
    };
    expect(
      (
        await check(
          {
            additions: [{ path: photoPath('jpg', 'switchboard-howick', 3), contents: photo }],
            deletions: [],
          },
          inComment,
        )
      ).ok,
    ).toBe(false);
    // Named by another project's file is not enough: the photo's folder names its project
    const other = {
      additions: [
        {
          path: 'src/content/projects/heat-pump-botany.yaml',
          contents: Buffer.from(
            `photos:\n  - src: ../../assets/projects/switchboard-howick/photos/3/src.jpg\n`,
          ).toString('base64'),
        },
        { path: photoPath('jpg', 'switchboard-howick', 3), contents: photo },
      ],
      deletions: [],
    };
    expect((await check(other, onDisk)).ok).toBe(false);
  });

  it('reads a long entry in one pass: many blank lines hold the editor no longer than a few', async () => {
    const photo = (await phonePhoto(200, 100)).toString('base64');
    const reference = '../../assets/projects/switchboard-howick/photos/3/src.jpg';
    // A pattern that looked for the field across line breaks took 40 s over this, and the
    // editor, and so every publish, waited; the unit tests' time limit is far shorter
    const blankLines = '\n'.repeat(200_000);
    const save = (entry: string) => ({
      additions: [
        {
          path: 'src/content/projects/switchboard-howick.yaml',
          contents: Buffer.from(entry).toString('base64'),
        },
        { path: photoPath('jpg', 'switchboard-howick', 3), contents: photo },
      ],
      deletions: [],
    });
    expect((await check(save(`title: x${blankLines}`))).ok).toBe(false);
    expect((await check(save(`title: x${blankLines}photos:\n  - src: ${reference}\r\n`))).ok).toBe(
      true,
    );
  });

  it('may touch only the entries, the business facts and the project photos', async () => {
    const allowed = [
      'src/content/projects/switchboard-howick.yaml',
      'src/content/testimonials/01-margaret.yaml',
      'src/content/services/ceiling-fans.yaml',
      'src/content/areas/electrician-howick.md',
      'src/content/business.json',
    ];
    for (const path of allowed)
      expect((await check({ additions: [{ path, contents: yaml }], deletions: [] })).ok, path).toBe(
        true,
      );
    const refused = [
      'src/config/business.ts',
      'src/content/businessX.json',
      'src/content/projects/../../server/main.ts',
      'src/content/projects/Switchboard Howick.yaml',
      'src/content/projects/nested/job.yaml',
      'src/content/projects-old/job.yaml',
      'src/content/areas/electrician-howick.yaml',
      'src/content/pages/home.yaml',
      'src/content/service-pages/residential.yaml',
      'src/assets/illustrations/switchboard-howick.svg',
      'src/assets/favicon.svg',
      `${PHOTOS_DIRECTORY}/../illustrations/x.svg`,
      'package.json',
      '.env',
      '/etc/passwd',
    ];
    for (const path of refused) {
      const addition = await check({ additions: [{ path, contents: yaml }], deletions: [] });
      expect(addition.ok, path).toBe(false);
      const deletion = await check({ additions: [], deletions: [{ path }] });
      expect(deletion.ok, `deleting ${path}`).toBe(false);
    }
    expect(
      await check({
        additions: [{ path: 'src/assets/favicon.svg', contents: yaml }],
        deletions: [],
      }),
    ).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Only project photos may be added under src\/assets/),
    });
    // The facts can be changed but not deleted
    expect(
      (await check({ additions: [], deletions: [{ path: 'src/content/business.json' }] })).ok,
    ).toBe(false);
  });

  it('is refused when it is not what Keystatic sends', async () => {
    for (const body of [
      null,
      [],
      {},
      { additions: [] },
      { additions: [{ path: 1, contents: '' }], deletions: [] },
      { additions: [], deletions: ['x'] },
    ]) {
      expect(await check(body), JSON.stringify(body)).toMatchObject({ ok: false, status: 400 });
    }
  });
});
