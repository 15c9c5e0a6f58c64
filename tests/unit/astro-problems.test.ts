/**
 * Astro's complaints about content, as captured from `astro sync` and `astro build` on a copy of
 * the site with one entry broken (tests/unit/fixtures/astro-output/), put into words the owner
 * can act on: the entry by its name, the field by the label his form shows, what it needs
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectSchema, SHOW_ON_HOME_LABEL } from '../../src/lib/content-schemas.ts';
import {
  describeProblems,
  needWords,
  parseAstroProblems,
} from '../../src/server/publish/astro-problems.ts';

const fixtures = join(import.meta.dirname, 'fixtures', 'astro-output');
const output = (name: string) => readFileSync(join(fixtures, `${name}.txt`), 'utf8');

/** The entries as the owner's editor left them: the broken field aside, each names itself */
const entries: Record<string, string> = {
  'projects/switchboard-howick.yaml': 'title: "Switchboard upgrade in Howick"\n',
  'testimonials/01-margaret.yaml': 'author: margaret\n',
  'services/ceiling-fans.yaml': 'title: "Ceiling fans"\n',
};
const inWords = (name: string) =>
  describeProblems(parseAstroProblems(output(name)), (file) => entries[file]);

describe('a content error, in words', () => {
  it('names the entry, and the field with its limit, without naming a file', () => {
    expect(inWords('sync-title')).toEqual([
      "Project 'Switchboard upgrade in Howick': Title must be at least 5 characters",
    ]);
  });

  it('gives every field of an entry that is wrong by the label and choices his form shows', () => {
    const schema = projectSchema(z.string);
    const { category, order } = schema.shape;
    const kindOfJob = z.globalRegistry.get(category)!;
    const choices = Object.values(kindOfJob.optionLabels!).join(', ');
    expect(inWords('sync-multi')).toEqual([
      `Project 'Switchboard upgrade in Howick': ${kindOfJob.label} must be one of ${choices}`,
      `Project 'Switchboard upgrade in Howick': ${z.globalRegistry.get(order)!.label} must be a number`,
    ]);
    expect(inWords('sync-missing')).toEqual([
      "Project 'Switchboard upgrade in Howick': Suburb is missing",
    ]);
  });

  it('names an item of a list by what the list calls an item and its place, counting from one', () => {
    expect(inWords('sync-nested')).toEqual([
      "Service 'Ceiling fans': What the customer gets › Point 1 must be at least 10 characters",
    ]);
  });

  it('says what a patterned field needs in the form’s own words instead of showing a pattern', () => {
    expect(inWords('sync-author')).toEqual([
      'Review by margaret: First name is not right: first name only, starting with a capital letter',
    ]);
  });

  it('says a file that is not valid YAML is not written correctly, and near which line', () => {
    expect(inWords('sync-yaml')).toEqual([
      'Project zz-broken is not written correctly near line 3 (unexpected end of the stream within a double quoted scalar)',
    ]);
  });

  it('passes on the build’s own content rules one a line', () => {
    const [problem, ...rest] = inWords('build-content-rules');
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^Projects: \d+ entries with \d+ featured/);
  });

  it('names a field of a photo by the labels of the form, and falls back on the path’s words where a schema has none', () => {
    const problems = [
      {
        file: 'projects/switchboard-howick.yaml',
        issues: [
          { path: 'photos.1.alt', message: 'Too small: expected string to have >=15 characters' },
          { path: 'featured', message: 'Invalid input: expected boolean, received string' },
        ],
      },
      { file: 'elsewhere/x.yaml', issues: [{ path: 'someField.0', message: 'Required' }] },
    ];
    expect(describeProblems(problems, (file) => entries[file])).toEqual([
      "Project 'Switchboard upgrade in Howick': Photos › Photo 2 › What the picture shows must be at least 15 characters",
      `Project 'Switchboard upgrade in Howick': ${SHOW_ON_HOME_LABEL} must be ticked or not ticked`,
      'Elsewhere/x.yaml: Some field, item 1 is missing',
    ]);
  });

  it('never shows a stack trace, a path of the server or Astro’s hints', () => {
    for (const name of readdirSync(fixtures).map((file) => file.replace(/\.txt$/, ''))) {
      for (const sentence of inWords(name))
        expect(sentence, name).not.toMatch(
          /\/tmp\/|\/work\/|node_modules|Stack trace|Hint:|https?:/,
        );
    }
  });

  it('finds nothing in a successful run', () => {
    expect(
      parseAstroProblems('12:00:00 [content] Syncing content\n12:00:01 [content] Synced content\n'),
    ).toEqual([]);
  });
});

describe("zod's messages as what a field needs", () => {
  it.each([
    ['Too small: expected string to have >=5 characters', 'must be at least 5 characters'],
    ['Too big: expected string to have <=70 characters', 'must be at most 70 characters'],
    ['Too small: expected array to have >=3 items', 'needs at least 3 items'],
    ['Too big: expected array to have <=6 items', 'needs at most 6 items'],
    ['Too small: expected number to be >=-37.3', 'must be at least -37.3'],
    ['Too small: expected string to have >5 characters', 'must be at least 6 characters'],
    ['Invalid input: expected string, received undefined', 'is missing'],
    [
      'Add a photo, or name an illustration and describe it',
      'add a photo, or name an illustration and describe it',
    ],
  ])('%s', (message, need) => {
    expect(needWords(message)).toBe(need);
  });
});
