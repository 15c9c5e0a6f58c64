/**
 * Every field of the content editor (src/editor/config.ts) matches its zod field, walking both
 * trees together: the same names at every level (none on one side only), required or optional,
 * the same kind (text, number, integer, checkbox, select, array, object, image), the same choices,
 * and the same limits, each side's read from its own schema object: zod's from its checks, the
 * editor's from Keystatic's fields, and both tried with the same values at both sides' bounds
 * (zod by parsing, Keystatic by its fields' own validation). Keystatic leaves an empty text or an
 * empty number out of the file, so a required zod string needs a text that cannot be empty, and
 * an optional one a text that may be.
 */
import type { ComponentSchema, Config } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regions } from '../../src/config/regions.ts';
import { areaPages } from '../../src/config/routes.ts';
import { editorConfig } from '../../src/editor/config.ts';
import { contentProblems, type ContentSummary } from '../../src/lib/content-rules.ts';
import { business, businessSchema } from '../../src/config/business.ts';
import businessFile from '../../src/content/business.json' with { type: 'json' };
import { areaSchema, projectSchema, serviceDetailSchema, testimonialSchema } from '../../src/lib/content-schemas.ts';

/** An image field as Astro's `image()` makes one: a path, turned into the picture's metadata */
const image = () => z.string().transform((path) => path);
/** The schemas the editor writes for: src/content/services holds the detail pages alone */
const zodSchemas = {
  projects: projectSchema(image),
  testimonials: testimonialSchema,
  services: serviceDetailSchema,
  // The area schema fills in each question's {region} after checking the fields
  areas: areaSchema.def.in,
  business: businessSchema,
};

type Zod = z.ZodType;
interface ZodDef {
  type: string;
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
  innerType?: Zod;
  in?: Zod;
  out?: Zod;
  element?: Zod;
  shape?: Record<string, Zod>;
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
}
const defOf = (schema: Zod) => (schema as unknown as { def: ZodDef }).def;

type Kind = 'object' | 'array' | 'text' | 'number' | 'integer' | 'checkbox' | 'select' | 'image' | 'url' | 'literal';

/** What the zod schema says of a field, read from its definition */
interface ZodFacts {
  kind: Kind;
  optional: boolean;
  /** The schema that checks a value, without its optional or default wrapper */
  checker: Zod;
  min?: number | undefined;
  max?: number | undefined;
  values?: readonly unknown[];
  shape?: Record<string, Zod>;
  element?: Zod;
}

function zodFacts(schema: Zod): ZodFacts {
  let optional = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default') {
      optional = true;
      current = def.innerType!;
    } else if (def.type === 'pipe' && defOf(def.out!).type !== 'transform') {
      // A text of visitors': its tokens are filled in (the pipe's input), then its length checked (its output)
      current = def.out!;
    } else break;
  }
  const def = defOf(current);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const limit = (name: string, key: string) => checks.find((check) => check['check'] === name)?.[key] as number | undefined;
  const exact = limit('length_equals', 'length');
  const sizes = { min: exact ?? limit('min_length', 'minimum'), max: exact ?? limit('max_length', 'maximum') };
  const base = { optional, checker: current };
  switch (def.type) {
    case 'object':
      return { ...base, kind: 'object', shape: def.shape! };
    case 'array':
      return { ...base, kind: 'array', element: def.element!, ...sizes };
    case 'string':
      return { ...base, kind: def.format === 'url' ? 'url' : 'text', ...sizes };
    case 'number': {
      const isInt = checks.some((check) => check['check'] === 'number_format' && check['format'] === 'safeint');
      const bound = (name: string) => checks.find((check) => check['check'] === name)?.['value'] as number | undefined;
      return { ...base, kind: isInt ? 'integer' : 'number', min: bound('greater_than'), max: bound('less_than') };
    }
    case 'boolean':
      return { ...base, kind: 'checkbox' };
    case 'enum':
      return { ...base, kind: 'select', values: Object.values(def.entries!) };
    case 'literal':
      return { ...base, kind: 'literal', values: def.values! };
    case 'pipe':
      // Astro's image(): a path, transformed into the picture
      return { ...base, kind: 'image' };
    default:
      throw new Error(`No editor field for a zod ${def.type}`);
  }
}

type Field = ComponentSchema & Record<string, unknown>;
const inputProps = (field: Field) =>
  ((field['Input'] as (props: object) => { props: Record<string, unknown> } | null)({}) ?? { props: {} }).props;

function accepts(field: Field, value: unknown): boolean {
  try {
    (field['validate'] as (value: unknown) => unknown)(value);
    return true;
  } catch {
    return false;
  }
}

/** The kind of a Keystatic field, from what it is made of and how it validates */
function keystaticKind(field: Field): Kind | 'slug' | 'ignored' | 'relationship' | 'content' | 'multiselect' {
  if (field.kind === 'object' || field.kind === 'array') return field.kind;
  if (field.kind !== 'form') throw new Error(`Unexpected Keystatic field ${field.kind}`);
  if (field.formKind === 'asset') return 'image';
  if (field.formKind === 'content') return 'content';
  const initial = (field['defaultValue'] as () => unknown)();
  if (field.formKind === 'slug') return typeof initial === 'object' ? 'slug' : 'text';
  if ((field['Input'] as () => unknown)() === null) return 'ignored';
  if (typeof initial === 'boolean') return 'checkbox';
  if ('options' in field) return Array.isArray(initial) ? 'multiselect' : 'select';
  if ('collection' in inputProps(field)) return 'relationship';
  if (accepts(field, 'https://www.example.com/')) return 'url';
  try {
    (field['validate'] as (value: unknown) => unknown)(0.5);
    return 'number';
  } catch (error) {
    return /whole number/.test((error as Error).message) ? 'integer' : 'number';
  }
}

/** A text field's value for `text` (a slug field holds the title and the file name) */
// A file name every collection takes, an area page's among them
const textValue = (kind: string, text: string) => (kind === 'slug' ? { name: text, slug: 'electrician-howick' } : text);

/** Texts tried on both sides besides each side's length bounds: patterns either side may have */
const TEXT_PROBES = [
  'a',
  'ab',
  'Margaret',
  "O'Brien-Smith",
  'margaret smith',
  'switchboard-howick',
  'Switchboard Howick',
  'hello@example.co.nz',
  'hello@example',
  'not an email',
  // The business's own facts, and a phone number written as neither format takes it
  business.phone.e164,
  business.phone.display,
  business.phone.display.replace(/^0/, '+64 '),
  business.hours[0]!.opens,
  '7am',
  '/areas/electrician-howick',
  'areas/electrician-howick',
  'https://www.example.com/',
];
const NUMBER_PROBES = [-1e9, -100, -37.3, -36.5, -1, -0.5, 0, 0.5, 1, 2.5, 5, business.claims.satisfactionPercent, 100, 174.4, 175.3, 1e9];

interface Mismatch {
  field: string;
  what: string;
  zod: unknown;
  editor: unknown;
}

/** Where the two sides disagree about the field at `path`, and any field beneath it */
function compare(field: Field, schema: Zod, path: string): Mismatch[] {
  const facts = zodFacts(schema);
  const kind = keystaticKind(field);
  const differ = (what: string, zod: unknown, editor: unknown): Mismatch[] =>
    JSON.stringify(zod) === JSON.stringify(editor) ? [] : [{ field: path, what, zod, editor }];
  const zodAccepts = (value: unknown) => facts.checker.safeParse(value).success;

  switch (facts.kind) {
    case 'object': {
      if (kind !== 'object') return differ('kind', facts.kind, kind);
      const fields = field['fields'] as Record<string, Field>;
      const names = [...new Set([...Object.keys(facts.shape!), ...Object.keys(fields)])].sort();
      return names.flatMap((name) => {
        if (!(name in fields)) return differ(`field ${name}`, 'present', 'missing');
        if (!(name in facts.shape!)) return differ(`field ${name}`, 'missing', 'present');
        return compare(fields[name]!, facts.shape![name]!, `${path}.${name}`);
      });
    }
    case 'array': {
      if (kind !== 'array') return differ('kind', facts.kind, kind);
      const length = (field['validation'] as { length?: { min?: number; max?: number } } | undefined)?.length ?? {};
      return [
        ...differ('fewest items', facts.min ?? 0, length.min ?? 0),
        ...differ('most items', facts.max ?? null, length.max ?? null),
        ...compare(field['element'] as Field, facts.element!, `${path}[]`),
      ];
    }
    case 'text': {
      if (kind !== 'text' && kind !== 'slug' && kind !== 'relationship') return differ('kind', facts.kind, kind);
      const requiredEditor = !accepts(field, kind === 'relationship' ? null : textValue(kind, ''));
      if (kind === 'relationship') return differ('required', !facts.optional, requiredEditor);
      const props = inputProps(field);
      const declared =
        kind === 'slug'
          ? (props['args'] as { name: { validation: { length: { min: number; max?: number } } } }).name.validation.length
          : props;
      const bounds = [facts.min, facts.max, declared['min'] as number | undefined, declared['max'] as number | undefined].filter(
        (bound): bound is number => bound !== undefined && Number.isFinite(bound),
      );
      const lengths = [...new Set([1, 2, 6000, ...bounds.flatMap((bound) => [bound - 1, bound, bound + 1])])].filter(
        (length) => length > 0,
      );
      const probes = [...TEXT_PROBES, ...lengths.map((length) => 'a'.repeat(length))];
      return [
        ...differ('required', !facts.optional, requiredEditor),
        ...probes.flatMap((text) =>
          differ(
            `accepts ${text.length > 30 ? `${text.length} characters` : JSON.stringify(text)}`,
            zodAccepts(text),
            accepts(field, textValue(kind, text)),
          ),
        ),
      ];
    }
    case 'url':
      if (kind !== 'url') return differ('kind', facts.kind, kind);
      return differ('required', !facts.optional, !accepts(field, null));
    case 'number':
    case 'integer':
    case 'literal': {
      if (facts.kind === 'literal' && kind === 'ignored') return [];
      if (facts.kind === 'literal' && kind === 'select')
        return differ(
          'choices',
          facts.values,
          (field['options'] as Array<{ value: string }>).map((option) => option.value),
        );
      if (kind !== 'number' && kind !== 'integer') return differ('kind', facts.kind, kind);
      const declared = (inputProps(field)['validation'] ?? {}) as { min?: number; max?: number };
      const bounds = [facts.min, facts.max, declared.min, declared.max, ...(facts.values ?? [])].filter(
        (bound): bound is number => typeof bound === 'number',
      );
      const probes = [
        ...new Set([...NUMBER_PROBES, ...bounds.flatMap((bound) => [bound - 1, bound - 0.001, bound, bound + 0.001, bound + 1])]),
      ];
      return [
        ...(facts.kind === 'literal' ? [] : differ('whole numbers only', facts.kind === 'integer', kind === 'integer')),
        ...differ('required', !facts.optional, !accepts(field, null)),
        ...probes.flatMap((value) => differ(`accepts ${value}`, zodAccepts(value), accepts(field, value))),
      ];
    }
    case 'checkbox':
      return differ('kind', facts.kind, kind);
    case 'select':
      if (kind !== 'select') return differ('kind', facts.kind, kind);
      return differ(
        'choices',
        [...facts.values!].sort(),
        (field['options'] as Array<{ value: string }>).map((option) => option.value).sort(),
      );
    case 'image':
      if (kind !== 'image') return differ('kind', facts.kind, kind);
      return differ('required', !facts.optional, !accepts(field, null));
  }
}

/** The mismatches of a collection's or singleton's fields, leaving out its Markdown body */
function mismatches(schema: Record<string, ComponentSchema>, zodSchema: Zod, name: string, contentField?: string): Mismatch[] {
  const fields = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== contentField));
  return compare({ kind: 'object', fields } as unknown as Field, zodSchema, name);
}

const collections = editorConfig.collections as NonNullable<Config['collections']>;
const singletons = editorConfig.singletons as NonNullable<Config['singletons']>;
const contentFieldOf = (format: unknown) =>
  typeof format === 'object' && format !== null && 'contentField' in format
    ? String((format as { contentField: unknown }).contentField)
    : undefined;

describe('the content editor’s fields', () => {
  it('are compared, each collection and the business facts, with a zod schema', () => {
    expect([...Object.keys(collections), ...Object.keys(singletons)].sort()).toEqual(Object.keys(zodSchemas).sort());
  });

  for (const name of Object.keys(collections) as (keyof typeof zodSchemas)[]) {
    it(`match the zod schema of ${name}, field for field`, () => {
      const { schema, format } = collections[name]!;
      expect(mismatches(schema, zodSchemas[name], name, contentFieldOf(format))).toEqual([]);
    });
  }

  it('match the business facts’ zod schema, field for field', () => {
    expect(mismatches(singletons['business']!.schema, zodSchemas.business, 'business')).toEqual([]);
  });

  it('keep the area pages’ Markdown in .md files, outside the front matter', () => {
    const areas = collections['areas']!;
    const body = areas.schema[contentFieldOf(areas.format)!] as unknown as { contentExtension: string };
    expect(body.contentExtension).toBe('.md');
    expect(Object.keys(zodFacts(zodSchemas.areas).shape!)).not.toContain(contentFieldOf(areas.format));
  });

  it('hold every business fact there is', () => {
    expect(Object.keys(zodFacts(zodSchemas.business).shape!).sort()).toEqual(Object.keys(business).sort());
  });

  it('find a difference: a limit changed on either side fails', () => {
    const projects = collections['projects']!.schema;
    const longerTitle = { ...projects, title: { ...projects['title'], validate: () => true } } as typeof projects;
    expect(mismatches(longerTitle, zodSchemas.projects, 'projects').map((mismatch) => mismatch.field)).toContain('projects.title');
    const zodWithLongerTitle = (zodSchemas.projects as unknown as z.ZodObject).safeExtend({
      title: (zodSchemas.testimonials as unknown as z.ZodObject).shape['quote']!,
    });
    expect(mismatches(projects, zodWithLongerTitle, 'projects').map((mismatch) => mismatch.field)).toContain('projects.title');
  });
});

describe('a new area page', () => {
  const fileNames = areaPages.map((page) => page.href.replace('/areas/', ''));
  const editorTakes = (fileName: string) => accepts(collections['areas']!.schema['areaName'], { name: 'Somewhere', slug: fileName });
  /** Whether the build's content check takes an area page of this file name as one of the route table's */
  const buildTakes = (fileName: string) => {
    const area = { id: fileName, kind: 'suburb', areaName: 'Somewhere', region: regions[0], places: [], services: [], servedSuburbs: [] };
    const summary = {
      services: [],
      areas: [{ ...area, relatedAreas: [], faq: 2 }],
      projects: [],
      testimonials: [],
      quoteGroups: [],
      expected: {
        serviceSlugs: {},
        serviceGroups: [],
        featuredServiceSlug: '',
        areaPaths: areaPages.map((page) => page.href),
        reviewShares: [],
      },
    } satisfies ContentSummary;
    return !contentProblems(summary).includes(`areas/${fileName}.md is not an area page of the route table`);
  };

  it('is offered each file name of the route table, which the build takes', () => {
    for (const fileName of fileNames) expect([fileName, editorTakes(fileName), buildTakes(fileName)]).toEqual([fileName, true, true]);
  });

  it('is not offered a file name the route table has no page for, which the build refuses', () => {
    for (const fileName of ['electrician-papakura', 'electrician-howick-2', 'howick'])
      expect([fileName, editorTakes(fileName), buildTakes(fileName)]).toEqual([fileName, false, false]);
  });
});

/** Where a value's keys stand in another order than the editor's fields (Keystatic writes them in its own) */
function keyOrderProblems(value: unknown, field: ComponentSchema, path: string): string[] {
  if (field.kind === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { fields } = field;
    const keys = Object.keys(value);
    const inEditorOrder = Object.keys(fields).filter((key) => keys.includes(key));
    return [
      ...(keys.join() === inEditorOrder.join() ? [] : [`${path}: ${keys.join(', ')} (the editor's order: ${inEditorOrder.join(', ')})`]),
      ...keys.flatMap((key) =>
        fields[key] ? keyOrderProblems((value as Record<string, unknown>)[key], fields[key], `${path}.${key}`) : [],
      ),
    ];
  }
  if (field.kind === 'array' && Array.isArray(value)) {
    return value.flatMap((element, index) => keyOrderProblems(element, field.element, `${path}[${index}]`));
  }
  return [];
}

describe('business.json', () => {
  it('keeps its keys in the order the editor writes them, so his first save changes only what he changed', () => {
    const form = { kind: 'object', fields: singletons['business']!.schema } as ComponentSchema;
    expect(keyOrderProblems(businessFile, form, 'business')).toEqual([]);
  });
});
