/**
 * The editor's forms, made from the content schemas: each zod field becomes the Keystatic field
 * that stores the same value under the same limits (length, pattern, bounds, choices, how many
 * items), named and explained by its `.meta()` (src/lib/field-meta.ts). So a limit changed in a
 * schema changes the form with it. Keystatic writes a whole file from its fields and drops any key
 * it does not know, so every field of a schema is made, hidden ones as fields it keeps untouched,
 * and in the schema's order, which is the order it writes the keys in.
 */
import { fields, type Collection, type ComponentSchema, type Singleton } from '@keystatic/core';
import { z } from 'zod';
import type { EditorHints, FieldMeta } from '../lib/field-meta.ts';

type Schema = z.core.$ZodType;
type Field = ComponentSchema;
type Validation = {
  length?: { min?: number; max?: number };
  pattern?: { regex: RegExp; message: string };
  isRequired?: boolean;
};
type Check = {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
};
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  innerType?: Schema;
  defaultValue?: unknown;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
}
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

const TOKENS =
  '{owner}, {phone} and other words in braces are filled in from the business details; the limits count the filled-in text.';
const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ') || undefined;
/** Keystatic's options without the keys left undefined, which it would take as given */
const defined = <T extends object>(options: T) =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

/** A field's schema without the wrappers that make it optional, give it a default or rewrite it, and the meta of every layer (the outer wins) */
interface Unwrapped {
  core: Schema;
  def: Def;
  meta: FieldMeta;
  optional: boolean;
  defaultValue?: unknown;
}

function unwrap(schema: Schema): Unwrapped {
  let meta: FieldMeta = {};
  let optional = false;
  let defaultValue: unknown;
  let current = schema;
  for (;;) {
    const own = z.globalRegistry.get(current) ?? {};
    meta = { ...own, ...meta, editor: { ...own.editor, ...meta.editor } } as FieldMeta;
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default') {
      optional = true;
      if (def.type === 'default') defaultValue = def.defaultValue;
      current = def.innerType!;
    } else if (def.type === 'pipe') {
      // A value checked and then rewritten (an area's questions, a picture) is edited as it is checked; a value
      // rewritten and then checked (visitors' text, a blank taken as absent) as the check takes it
      current = defOf(def.out!).type === 'transform' ? def.in! : def.out!;
    } else return { core: current, def, meta, optional, defaultValue };
  }
}

const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** The strictest of a schema's limits of one kind (zod applies them all) */
const strictest = (values: Array<number | undefined>, pick: (...values: number[]) => number) => {
  const given = values.filter((value): value is number => value !== undefined);
  return given.length === 0 ? undefined : pick(...given);
};

/** A text's or a list's limits: its length, and the pattern a text must match */
function textLimits(def: Def) {
  const checks = checksOf(def);
  const exact = checks
    .filter((check) => check.check === 'length_equals')
    .map((check) => check.length);
  const min = strictest(
    [
      ...exact,
      ...checks.filter((check) => check.check === 'min_length').map((check) => check.minimum),
    ],
    Math.max,
  );
  const max = strictest(
    [
      ...exact,
      ...checks.filter((check) => check.check === 'max_length').map((check) => check.maximum),
    ],
    Math.min,
  );
  const patterns = [
    def.pattern,
    ...checks.filter((check) => check.check === 'string_format').map((check) => check.pattern),
  ].filter((pattern): pattern is RegExp => pattern !== undefined);
  if (patterns.length > 1) throw new Error('The editor holds a text to one pattern only');
  return { min, max, pattern: patterns[0] };
}

const NUMBER_WORDS =
  'none one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen'.split(
    ' ',
  );
const inWords = (count: number) => NUMBER_WORDS[count] ?? String(count);
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A list's help text with its limits written in: {Range} ("Three to five", "Up to five"), {Min} and {max} */
function listHelp(description: string | undefined, min = 0, max?: number) {
  if (description === undefined || max === undefined) return description;
  const range = capital(min === 0 ? `up to ${inWords(max)}` : `${inWords(min)} to ${inWords(max)}`);
  return description
    .replaceAll('{Range}', range)
    .replaceAll('{Min}', capital(inWords(min)))
    .replaceAll('{max}', inWords(max));
}

/** What a text field is given: its words, and its limits as Keystatic checks them (it leaves an empty text out of the file) */
function textOptions({ def, meta, optional }: Unwrapped, what: string) {
  const { min, max, pattern } = textLimits(def);
  const label = meta.label ?? what;
  const message = () => {
    if (!meta.patternMessage) throw new Error(`${what}: a patterned text needs a patternMessage`);
    return meta.patternMessage;
  };
  let validation: Validation;
  if (!optional) {
    validation = defined({
      // A length of at least one already makes it required
      isRequired: min === undefined || min < 1 ? true : undefined,
      length: min === undefined && max === undefined ? undefined : defined({ min, max }),
      pattern: pattern && { regex: pattern, message: message() },
    });
  } else {
    if (pattern && min)
      throw new Error(`${what}: an optional text takes a pattern or a least length, not both`);
    // Empty, or as the schema asks
    const optionalPattern = pattern
      ? { regex: new RegExp(`^$|${pattern.source}`, pattern.flags), message: message() }
      : min
        ? {
            regex: new RegExp(`^(?:[\\s\\S]{${min},})?$`),
            message: `${label}: leave it empty, or write at least ${min} characters`,
          }
        : undefined;
    validation = defined({
      length: max === undefined ? undefined : { max },
      pattern: optionalPattern,
    });
  }
  return {
    label,
    description: meta.tokens ? join(meta.description, TOKENS) : meta.description,
    multiline: meta.editor?.multiline ?? meta.tokens === true,
    validation,
  };
}

/** How a list shows an item: by its text (the start of a long one), else by what an item is called */
function itemLabelOf(
  element: Unwrapped,
  built: Field,
  hints: EditorHints,
): (props: unknown) => string {
  const fallback = hints.itemName ?? element.meta.label ?? 'Item';
  type Preview = { value?: unknown; fields?: Record<string, { value: unknown }> };
  if (built.kind === 'object') {
    const key =
      hints.itemNameFrom ??
      Object.entries(built.fields).find(
        ([, field]) => field.kind === 'form' && field.formKind === 'slug',
      )?.[0];
    return (props) => (key && String((props as Preview).fields?.[key]?.value ?? '')) || fallback;
  }
  if (element.def.type === 'string' && !element.meta.editor?.relationship) {
    const shown = (element.meta.editor?.multiline ?? element.meta.tokens === true) ? 60 : Infinity;
    return (props) => String((props as Preview).value ?? '').slice(0, shown) || fallback;
  }
  return (props) => ((props as Preview).value as string | null | undefined) ?? fallback;
}

function numberField({ def, meta, optional }: Unwrapped, what: string): Field {
  const checks = checksOf(def);
  const integer = checks.some(
    (check) => check.check === 'number_format' && check.format === 'safeint',
  );
  const bound = (name: 'greater_than' | 'less_than', step: number) =>
    strictest(
      checks
        .filter((check) => check.check === name)
        .map((check) => {
          if (check.inclusive) return check.value;
          if (!integer) throw new Error(`${what}: the editor's number bounds are inclusive`);
          return check.value! + step;
        }),
      step > 0 ? Math.max : Math.min,
    );
  const options = defined({
    label: meta.label ?? what,
    description: meta.description,
    validation: defined({
      isRequired: !optional,
      min: bound('greater_than', 1),
      max: bound('less_than', -1),
    }),
  });
  return integer ? fields.integer(options) : fields.number(options);
}

function choiceField({ meta }: Unwrapped, values: readonly string[], what: string): Field {
  return fields.select({
    label: meta.label ?? what,
    ...defined({ description: meta.description }),
    options: values.map((value) => ({ value, label: meta.optionLabels?.[value] ?? value })),
    defaultValue: values[0]!,
  });
}

/** The Keystatic field that edits what `schema` accepts; `what` names it in an error */
export function fieldOf(schema: Schema, what = 'field'): Field {
  const field = unwrap(schema);
  const { def, meta, optional } = field;
  const label = meta.label ?? what;
  const hints = meta.editor ?? {};
  if (hints.hidden) return fields.ignored();
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape!).map(([key, value]) => [key, fieldOf(value, `${what}.${key}`)]),
      );
      return fields.object(shape, defined({ label: meta.label, description: meta.description }));
    }
    case 'array': {
      const element = unwrap(def.element!);
      const built = fieldOf(def.element!, `${what}[]`);
      const { min, max } = textLimits(def);
      return fields.array(built, {
        label,
        ...defined({ description: listHelp(meta.description, min, max) }),
        itemLabel: itemLabelOf(element, built, hints),
        ...(min === undefined && max === undefined
          ? {}
          : { validation: { length: defined({ min: min ?? 0, max }) } }),
      });
    }
    case 'string': {
      const required = { isRequired: !optional };
      if (hints.image)
        return fields.image({
          label,
          ...defined({ description: meta.description }),
          ...hints.image,
          validation: required,
        });
      if (hints.relationship)
        return fields.relationship({
          label,
          ...defined({ description: meta.description }),
          collection: hints.relationship,
          validation: required,
        });
      if (def.format === 'url')
        return fields.url({
          label,
          ...defined({ description: meta.description }),
          validation: required,
        });
      return fields.text(defined(textOptions(field, what)));
    }
    case 'number':
      return numberField(field, what);
    case 'boolean':
      return fields.checkbox({
        label,
        ...defined({ description: meta.description }),
        defaultValue: field.defaultValue === true,
      });
    case 'enum':
      return choiceField(field, Object.values(def.entries!), what);
    case 'literal': {
      const [value] = def.values!;
      if (typeof value === 'string') return choiceField(field, [value], what);
      if (typeof value === 'number')
        return fields.integer({
          label,
          ...defined({ description: meta.description }),
          defaultValue: value,
          validation: { isRequired: true, min: value, max: value },
        });
      throw new Error(`${what}: hide a ${typeof value} literal from the editor`);
    }
    default:
      throw new Error(`${what}: the editor has no field for a zod ${def.type}`);
  }
}

/** The fields of an object schema, by key */
export function fieldsOf(schema: Schema, what: string): Record<string, Field> {
  const field = fieldOf(schema, what);
  if (field.kind !== 'object') throw new Error(`${what} is not an object schema`);
  return field.fields;
}

const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A file name from a title: small letters, digits and dashes */
export function fileNameOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

/** What only the editor knows of a collection: where its files are, how it lists them, and which field names a new entry's file */
export interface CollectionOptions {
  label: string;
  path: `${string}/*`;
  format: { data: 'yaml' | 'json' } | { contentField: string };
  columns?: string[];
  entryLayout?: 'form' | 'content';
  fileName: {
    /** The text field that also makes a new entry's file name */
    from: string;
    description: string;
    generate?: (text: string) => string;
    /** The file names allowed, if not any of small letters, digits and dashes */
    pattern?: { regex: RegExp; message: string };
  };
  /** Fields the schema does not hold (a Markdown body), each placed before the field it names */
  extraFields?: Record<string, { field: Field; before: string }>;
}

/** A collection whose entries' fields are the schema's */
export function collectionOf(
  schema: Schema,
  { fileName, extraFields = {}, ...options }: CollectionOptions,
): Collection<Record<string, Field>, string> {
  const schemaFields = fieldsOf(schema, options.label);
  const titleField = schemaFields[fileName.from];
  if (titleField?.kind !== 'form' || titleField.formKind !== 'slug')
    throw new Error(`${options.label}: ${fileName.from} is not a text`);
  const name = textOptions(
    unwrap((defOf(unwrap(schema).core).shape ?? {})[fileName.from]!),
    fileName.from,
  );
  schemaFields[fileName.from] = fields.slug({
    name: defined({
      label: name.label,
      description: name.description,
      validation: name.validation,
    }),
    slug: {
      label: 'File name',
      description: fileName.description,
      generate: fileName.generate ?? fileNameOf,
      validation: {
        pattern: fileName.pattern ?? {
          regex: FILE_NAME,
          message: 'Small letters, digits and dashes only, such as switchboard-howick',
        },
      },
    },
  });
  const ordered: Record<string, Field> = {};
  for (const [extra, { before }] of Object.entries(extraFields))
    if (!(before in schemaFields))
      throw new Error(`${options.label}: ${extra} goes before ${before}, which it has not`);
  for (const [key, field] of Object.entries(schemaFields)) {
    for (const [extra, { before }] of Object.entries(extraFields))
      if (before === key) ordered[extra] = extraFields[extra]!.field;
    ordered[key] = field;
  }
  return { ...options, slugField: fileName.from, schema: ordered };
}

/** A single file whose fields are the schema's */
export function singletonOf(
  schema: Schema,
  options: { label: string; path: string; format: { data: 'yaml' | 'json' } },
): Singleton<Record<string, Field>> {
  return { ...options, schema: fieldsOf(schema, options.label) };
}
