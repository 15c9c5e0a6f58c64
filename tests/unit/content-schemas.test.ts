/** The content schemas, read without Astro as the owner's editor reads them: a project's photos and its illustration */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_PROJECT_PHOTOS,
  projectPictureMessage,
  projectSchema,
  serviceDetailSchema,
  serviceSchema,
} from '../../src/lib/content-schemas.ts';

/** Astro's image() resolves a path beside the entry to the image's metadata; a path is enough here */
const projects = projectSchema(() => z.string().min(1));

const alt = 'A new switchboard with labelled circuit breakers in a Howick garage';
const project = {
  title: 'Switchboard upgrade in Howick',
  category: 'Residential',
  description:
    'The original board still had ceramic fuses and no RCD protection. We replaced it with a new switchboard and tested the whole installation.',
  suburb: 'Howick',
  order: 1,
};
const photo = (index: number) => ({
  src: `../../assets/projects/switchboard-howick/photos/${index}/src.jpg`,
  alt,
});

describe('the project schema', () => {
  it('takes an illustration with its alt text, and no photos', () => {
    const parsed = projects.parse({ ...project, image: 'switchboard-howick', imageAlt: alt });
    expect(parsed).toMatchObject({
      image: 'switchboard-howick',
      imageAlt: alt,
      photos: [],
      featured: false,
      sample: false,
    });
  });

  it('takes photos alone, reading a blank illustration as none', () => {
    const parsed = projects.parse({
      ...project,
      photos: [photo(0), photo(1)],
      image: '',
      imageAlt: '',
    });
    expect(parsed.photos.map((item) => item.src)).toEqual([photo(0).src, photo(1).src]);
    expect(parsed.image).toBeUndefined();
    expect(parsed.imageAlt).toBeUndefined();
  });

  it('asks for a photo, or an illustration and its description, naming the fields', () => {
    for (const pictures of [
      {},
      { image: '', imageAlt: '' },
      { image: 'switchboard-howick' },
      { imageAlt: alt },
      { photos: [] },
    ]) {
      const result = projects.safeParse({ ...project, ...pictures });
      expect(result.success, JSON.stringify(pictures)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([projectPictureMessage]);
    }
    expect(projectPictureMessage).toMatch(/photo.*illustration.*describe/);
  });

  it(`holds at most ${MAX_PROJECT_PHOTOS} photos, each described like an illustration`, () => {
    const photos = Array.from({ length: MAX_PROJECT_PHOTOS + 1 }, (_, index) => photo(index));
    expect(projects.safeParse({ ...project, photos }).success).toBe(false);
    expect(
      projects.safeParse({ ...project, photos: photos.slice(0, MAX_PROJECT_PHOTOS) }).success,
    ).toBe(true);
    expect(
      projects.safeParse({ ...project, photos: [{ ...photo(0), alt: 'Switchboard' }] }).success,
    ).toBe(false);
    expect(
      projects.safeParse({ ...project, photos: [{ ...photo(0), alt: 'x'.repeat(181) }] }).success,
    ).toBe(false);
    expect(projects.safeParse({ ...project, photos: [{ src: '', alt }] }).success).toBe(false);
  });

  it('checks illustrations as before: a file name, and alt text of 15 to 180 characters', () => {
    expect(
      projects.safeParse({ ...project, image: 'Switchboard Howick.svg', imageAlt: alt }).success,
    ).toBe(false);
    expect(
      projects.safeParse({ ...project, image: 'switchboard-howick', imageAlt: 'A switchboard' })
        .success,
    ).toBe(false);
  });
});

describe('the service schema', () => {
  it('tells the detail pages from the group and emergency pages by kind', () => {
    expect(serviceDetailSchema.shape.kind.value).toBe('service');
    expect(serviceSchema.options.map((option) => option.shape.kind.value)).toEqual([
      'service',
      'group',
      'emergency',
    ]);
  });
});
