/**
 * The content editor's forms are made from the content schemas, described at build time
 * (src/editor/form-description.ts) and made into Keystatic's fields from that description
 * (src/editor/keystatic-fields.ts): a limit changed in a schema changes the form with no other
 * edit, the real forms hold the limits the schemas' constants state, the description reaches the
 * browser as it was made and the browser's editor loads no schema library, the editor offers for a
 * new area page only a file name the build's content check takes, and business.json keeps its keys
 * in the order the editor writes them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ComponentSchema, Config } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businessSchema } from '../../src/config/business.ts';
import {
  CLOCK_TIME_PATTERN,
  E164_PATTERN,
  PRICE_RANGES,
  HOURS_DAYS,
} from '../../src/config/fact-formats.ts';
import { regions } from '../../src/config/regions.ts';
import { areaPages } from '../../src/config/routes.ts';
import businessFile from '../../src/content/business.json' with { type: 'json' };
import { describeForm } from '../../src/editor/form-description.ts';
import { editorConfig, editorForms } from '../../src/editor/forms.ts';
import { fieldsFrom } from '../../src/editor/keystatic-fields.ts';
import type { FieldSpec } from '../../src/editor/form-spec.ts';
import { contentProblems, type ContentSummary } from '../../src/lib/content-rules.ts';
import {
  MAX_PROJECT_PHOTOS,
  PHOTOS_DIRECTORY,
  projectSchema,
} from '../../src/lib/content-schemas.ts';

type Field = ComponentSchema & Record<string, unknown>;
const collections = editorConfig.collections as NonNullable<Config['collections']>;
const business = (editorConfig.singletons as NonNullable<Config['singletons']>)['business']!
  .schema as Record<string, Field>;
const projects = collections['projects']!.schema as Record<string, Field>;

/** Whether the editor lets the owner save `value` in `field` */
function accepts(field: unknown, value: unknown): boolean {
  try {
    (field as { validate: (value: unknown) => unknown }).validate(value);
    return true;
  } catch {
    return false;
  }
}
const child = (field: Field, key: string) => (field['fields'] as Record<string, Field>)[key]!;
const lengthOf = (field: Field) =>
  (field['validation'] as { length: { min: number; max: number } }).length;
const choices = (field: Field) =>
  (field['options'] as { value: string }[]).map((option) => option.value);
/** The form the editor makes from a schema, through its description as the page hands it on */
const formOf = (schema: Parameters<typeof describeForm>[0]) =>
  fieldsFrom(describeForm(schema, 'form')) as Record<string, Field>;

describe('the editor’s forms follow the schemas', () => {
  it('a longest length, a bound and a list’s size changed in a schema change the form, with no other edit', () => {
    const { name, claims, social } = businessSchema.shape;
    const changed = businessSchema.extend({
      name: name.max(40),
      claims: claims.extend({ yearsExperience: claims.shape.yearsExperience.max(50) }),
      social: social.max(3),
    });
    const before = formOf(businessSchema);
    const after = formOf(changed);

    expect([
      accepts(before['name'], 'a'.repeat(41)),
      accepts(after['name'], 'a'.repeat(41)),
      accepts(after['name'], 'a'.repeat(40)),
    ]).toEqual([true, false, true]);
    const years = (fields: Record<string, Field>) => child(fields['claims']!, 'yearsExperience');
    expect([
      accepts(years(before), 51),
      accepts(years(after), 51),
      accepts(years(after), 50),
    ]).toEqual([true, false, true]);
    expect([before['social']!['validation'], lengthOf(after['social']!).max]).toEqual([
      undefined,
      3,
    ]);
  });

  it('a project’s most photos changed in its schema changes the form’s list', () => {
    const schema = projectSchema(z.string);
    const changed = schema.safeExtend({
      photos: schema.shape.photos.unwrap().max(MAX_PROJECT_PHOTOS - 2),
    });
    expect(lengthOf(formOf(changed)['photos']!).max).toBe(MAX_PROJECT_PHOTOS - 2);
  });

  it('the real forms hold the limits the schemas’ constants state', () => {
    expect(lengthOf(projects['photos']!)).toEqual({ min: 0, max: MAX_PROJECT_PHOTOS });
    expect((projects['photos']!['element'] as Field)['fields']).toMatchObject({
      src: { formKind: 'asset', directory: PHOTOS_DIRECTORY },
    });
    const phone = child(business['phone']!, 'e164');
    for (const number of ['+6421234567', '021 123 4567', '+64 21 234 567', '+642123456789012'])
      expect(accepts(phone, number), number).toBe(E164_PATTERN.test(number));
    expect(Object.keys(business['hours']!['fields'] as object)).toEqual(HOURS_DAYS);
    const opens = child(child(business['hours']!, 'monday'), 'from');
    for (const time of ['07:00', '23:59', '24:00', '7am'])
      expect(accepts(opens, time), time).toBe(CLOCK_TIME_PATTERN.test(time));
    // The closure's days are picked from a calendar, and may be left empty
    expect(accepts(child(business['closure']!, 'from'), null)).toBe(true);
    expect(accepts(child(business['closure']!, 'to'), '2026-12-24')).toBe(true);
    expect(choices(business['priceRange']!)).toEqual(PRICE_RANGES);
    expect(choices(collections['areas']!.schema['region'] as Field)).toEqual(regions);
  });
});

/** The packages a module loads, following its own modules' imports (a type-only import loads nothing) */
function packagesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  // Statements without comments, which may hold a semicolon or stand before an import
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^[ \t]*\/\/.*$/gm, '');
  const statements = code.split(';').map((statement) => statement.trim());
  for (const statement of statements) {
    if (!/^(?:import|export)\b/.test(statement) || /^(?:import|export) type\b/.test(statement))
      continue;
    const specifier = /(?:^import|\sfrom)\s*'([^']+)'$/.exec(statement)?.[1];
    if (specifier === undefined) continue;
    if (!specifier.startsWith('.')) packages.add(specifier);
    else
      for (const loaded of packagesLoadedBy(join(dirname(file), specifier), seen))
        packages.add(loaded);
  }
  return packages;
}

describe('the browser’s editor', () => {
  it('is handed its forms as plain data, which reach it as they were described', () => {
    expect(JSON.parse(JSON.stringify(editorForms))).toStrictEqual(editorForms);
  });

  it('loads no schema library: its forms come described', () => {
    const packages = packagesLoadedBy(join(import.meta.dirname, '../../src/editor/Editor.tsx'));
    expect(packages).toContain('@keystatic/core/ui');
    expect(packages).toContain('react');
    expect(packages).not.toContain('zod');
  });
});

describe('a new area page', () => {
  const fileNames = areaPages.map((page) => page.href.replace('/areas/', ''));
  const editorTakes = (fileName: string) =>
    accepts(collections['areas']!.schema['areaName'], { name: 'Somewhere', slug: fileName });
  /** Whether the build's content check takes an area page of this file name as one of the route table's */
  const buildTakes = (fileName: string) => {
    const area = {
      id: fileName,
      kind: 'suburb',
      areaName: 'Somewhere',
      region: regions[0],
      places: [],
      services: [],
      servedSuburbs: [],
    };
    const summary = {
      services: [],
      areas: [{ ...area, relatedAreas: [], faq: 2 }],
      projects: [],
      testimonials: [],
      quoteGroups: [],
      wording: [],
      expected: {
        serviceSlugs: {},
        serviceGroups: [],
        featuredServiceSlug: '',
        areaPaths: areaPages.map((page) => page.href),
        reviewShares: [],
        roundTheClock: { claimed: true, switchLabel: '' },
        typicalService: { said: 'same-day', fieldLabel: '' },
      },
    } satisfies ContentSummary;
    return !contentProblems(summary).includes(
      `areas/${fileName}.md is not an area page of the route table`,
    );
  };

  it('is offered each file name of the route table, which the build takes', () => {
    for (const fileName of fileNames)
      expect([fileName, editorTakes(fileName), buildTakes(fileName)]).toEqual([
        fileName,
        true,
        true,
      ]);
  });

  it('is not offered a file name the route table has no page for, which the build refuses', () => {
    for (const fileName of ['electrician-papakura', 'electrician-howick-2', 'howick'])
      expect([fileName, editorTakes(fileName), buildTakes(fileName)]).toEqual([
        fileName,
        false,
        false,
      ]);
  });
});

/** Where a value's keys stand in another order than the editor's fields (Keystatic writes them in its own) */
function keyOrderProblems(value: unknown, field: ComponentSchema, path: string): string[] {
  if (
    field.kind === 'object' &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value)
  ) {
    const { fields } = field;
    const keys = Object.keys(value);
    const inEditorOrder = Object.keys(fields).filter((key) => keys.includes(key));
    return [
      ...(keys.join() === inEditorOrder.join()
        ? []
        : [`${path}: ${keys.join(', ')} (the editor's order: ${inEditorOrder.join(', ')})`]),
      ...keys.flatMap((key) =>
        fields[key]
          ? keyOrderProblems((value as Record<string, unknown>)[key], fields[key], `${path}.${key}`)
          : [],
      ),
    ];
  }
  if (field.kind === 'array' && Array.isArray(value)) {
    return value.flatMap((element, index) =>
      keyOrderProblems(element, field.element, `${path}[${index}]`),
    );
  }
  return [];
}

describe('business.json', () => {
  it('keeps its keys in the order the editor writes them, so his first save changes only what he changed', () => {
    expect(
      keyOrderProblems(
        businessFile,
        { kind: 'object', fields: business } as ComponentSchema,
        'business',
      ),
    ).toEqual([]);
  });
});

/** Every label and help text a form shows, at any depth, with where it is */
function wordsOf(spec: FieldSpec, where: string): Array<{ where: string; text: string }> {
  const own = [
    'label' in spec && spec.label ? { where, text: spec.label } : undefined,
    'description' in spec && spec.description ? { where, text: spec.description } : undefined,
    ...('options' in spec ? spec.options.map((option) => ({ where, text: option.label })) : []),
    ...('validation' in spec && 'pattern' in spec.validation && spec.validation.pattern
      ? [{ where, text: spec.validation.pattern.message }]
      : []),
  ].filter((words) => words !== undefined);
  if (spec.kind === 'object')
    return [...own, ...spec.fields.flatMap((field) => wordsOf(field, `${where}.${field.key}`))];
  if (spec.kind === 'array') return [...own, ...wordsOf(spec.item, `${where}[]`)];
  return own;
}
const allForms = Object.entries({ ...editorForms.collections, ...editorForms.singletons });

describe('the editor speaks the owner’s words', () => {
  it('names no file, folder or format, and shows no drawing names or positions', () => {
    for (const [name, form] of allForms) {
      const words = wordsOf({ kind: 'object', fields: form.fields }, name);
      expect(
        words.filter(({ text }) =>
          /src\/|\.svg|\.ya?ml|\.json|file name|folder|\bJPEG\b|\bPNG\b|WebP|^Position$|^Drawing$/i.test(
            text,
          ),
        ),
        name,
      ).toEqual([]);
    }
  });

  it('says once in each form, not under every field, that words in braces are filled in', () => {
    for (const [name, form] of allForms) {
      const notes = wordsOf({ kind: 'object', fields: form.fields }, name).filter(({ text }) =>
        text.includes('words in braces'),
      );
      expect(notes.length, name).toBeLessThanOrEqual(1);
    }
    const projectNotes = wordsOf(
      { kind: 'object', fields: editorForms.collections.projects.fields },
      'projects',
    ).filter(({ text }) => text.includes('words in braces'));
    expect(projectNotes.map(({ where }) => where)).toEqual(['projects.title']);
  });

  it('lists each collection with a column besides its name, none of them a position', () => {
    for (const collection of Object.values(collections)) {
      expect(collection.columns?.length).toBeGreaterThan(0);
      expect(collection.columns).not.toContain('order');
    }
  });
});
