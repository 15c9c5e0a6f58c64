/**
 * The editor's forms described from the content schemas (form-spec.ts): each zod field becomes
 * the description of the Keystatic field that stores the same value under the same limits (length,
 * pattern, bounds, choices, how many items), named and explained by its `.meta()`
 * (src/lib/field-meta.ts). So a limit changed in a schema changes the form with it. Keystatic
 * writes a whole file from its fields and drops any key it does not know, so every field of a
 * schema is described, hidden ones as fields it keeps untouched, and in the schema's order, which
 * is the order it writes the keys in. Runs at build time and in the server, never in the browser.
 */
import { z } from 'zod';
import type { EditorHints, FieldMeta } from '../lib/field-meta.ts';
import type {
  FieldSpec,
  FormSpec,
  ItemLabelSpec,
  MemberSpec,
  NumberSpec,
  PatternSpec,
  TextSpec,
} from './form-spec.ts';

type Schema = z.core.$ZodType;
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

/** Said once in a form, under its first field of visitors' text, rather than under every one */
const TOKENS =
  'In this form, {owner}, {phone} and other words in braces are filled in from the business details; the limits count the filled-in text.';

/** What a form has said so far: the note on words in braces goes under the first field that takes them */
interface FormNotes {
  tokensExplained: boolean;
}
const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ') || undefined;
/** A description without the keys left undefined, which Keystatic would take as given and JSON drops */
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

const patternOf = (regex: RegExp, message: string): PatternSpec => ({
  source: regex.source,
  flags: regex.flags,
  message,
});

/** A text field: its words, and its limits as Keystatic checks them (it leaves an empty text out of the file) */
function describeText(
  { def, meta, optional }: Unwrapped,
  what: string,
  notes: FormNotes,
): TextSpec {
  const { min, max, pattern } = textLimits(def);
  const label = meta.label ?? what;
  const message = () => {
    if (!meta.patternMessage) throw new Error(`${what}: a patterned text needs a patternMessage`);
    return meta.patternMessage;
  };
  let validation: TextSpec['validation'];
  if (!optional) {
    validation = defined({
      // A length of at least one already makes it required
      isRequired: min === undefined || min < 1 ? true : undefined,
      length: min === undefined && max === undefined ? undefined : defined({ min, max }),
      pattern: pattern && patternOf(pattern, message()),
    });
  } else {
    if (pattern && min)
      throw new Error(`${what}: an optional text takes a pattern or a least length, not both`);
    // Empty, or as the schema asks
    const optionalPattern = pattern
      ? patternOf(new RegExp(`^$|${pattern.source}`, pattern.flags), message())
      : min
        ? patternOf(
            new RegExp(`^(?:[\\s\\S]{${min},})?$`),
            `${label}: leave it empty, or write at least ${min} characters`,
          )
        : undefined;
    validation = defined({
      length: max === undefined ? undefined : { max },
      pattern: optionalPattern,
    });
  }
  const explainTokens = meta.tokens === true && !notes.tokensExplained;
  if (explainTokens) notes.tokensExplained = true;
  return defined({
    kind: 'text' as const,
    label,
    description: explainTokens ? join(meta.description, TOKENS) : meta.description,
    multiline: meta.editor?.multiline ?? meta.tokens === true,
    validation,
  });
}

/** How a list names an item: by its text (the start of a long one), else by what an item is called */
function itemLabelOf(element: Unwrapped, item: FieldSpec, hints: EditorHints): ItemLabelSpec {
  const fallback = hints.itemName ?? element.meta.label ?? 'Item';
  if (item.kind === 'object') {
    return defined({
      from: 'field' as const,
      key: hints.itemNameFrom ?? item.fields.find((field) => field.kind === 'text')?.key,
      fallback,
    });
  }
  if (element.def.type === 'string' && !element.meta.editor?.relationship) {
    const multiline = element.meta.editor?.multiline ?? element.meta.tokens === true;
    return defined({ from: 'text' as const, maxChars: multiline ? 60 : undefined, fallback });
  }
  return { from: 'value', fallback };
}

function describeNumber({ def, meta, optional }: Unwrapped, what: string): NumberSpec {
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
  return defined({
    kind: integer ? ('integer' as const) : ('number' as const),
    label: meta.label ?? what,
    description: meta.description,
    validation: defined({
      isRequired: !optional,
      min: bound('greater_than', 1),
      max: bound('less_than', -1),
    }),
  });
}

function describeChoice({ meta }: Unwrapped, values: readonly string[], what: string): FieldSpec {
  return defined({
    kind: 'select' as const,
    label: meta.label ?? what,
    description: meta.description,
    options: values.map((value) => ({ value, label: meta.optionLabels?.[value] ?? value })),
    defaultValue: values[0]!,
  });
}

/** The description of the Keystatic field that edits what `schema` accepts; `what` names it in an error */
export function describeField(
  schema: Schema,
  what = 'field',
  notes: FormNotes = { tokensExplained: false },
): FieldSpec {
  const field = unwrap(schema);
  const { def, meta, optional } = field;
  const words = defined({ label: meta.label ?? what, description: meta.description });
  const hints = meta.editor ?? {};
  if (hints.hidden) return { kind: 'ignored' };
  switch (def.type) {
    case 'object': {
      const members = Object.entries(def.shape!).map(([key, value]): MemberSpec => ({
        key,
        ...describeField(value, `${what}.${key}`, notes),
      }));
      return defined({
        kind: 'object' as const,
        label: meta.label,
        description: meta.description,
        fields: members,
      });
    }
    case 'array': {
      const item = describeField(def.element!, `${what}[]`, notes);
      const { min, max } = textLimits(def);
      return defined({
        kind: 'array' as const,
        ...words,
        description: listHelp(meta.description, min, max),
        item,
        itemLabel: itemLabelOf(unwrap(def.element!), item, hints),
        length:
          min === undefined && max === undefined ? undefined : defined({ min: min ?? 0, max }),
      });
    }
    case 'string': {
      const required = !optional;
      if (hints.image) return { kind: 'image', ...words, ...hints.image, required };
      if (hints.relationship)
        return { kind: 'relationship', ...words, collection: hints.relationship, required };
      if (def.format === 'url') return { kind: 'url', ...words, required };
      if (def.format === 'date') return { kind: 'date', ...words, required };
      return describeText(field, what, notes);
    }
    case 'number':
      return describeNumber(field, what);
    case 'boolean':
      return { kind: 'checkbox', ...words, defaultValue: field.defaultValue === true };
    case 'enum':
      return describeChoice(field, Object.values(def.entries!), what);
    case 'literal': {
      const [value] = def.values!;
      if (typeof value === 'string') return describeChoice(field, [value], what);
      if (typeof value === 'number')
        return {
          kind: 'integer',
          ...words,
          defaultValue: value,
          validation: { isRequired: true, min: value, max: value },
        };
      throw new Error(`${what}: hide a ${typeof value} literal from the editor`);
    }
    default:
      throw new Error(`${what}: the editor has no field for a zod ${def.type}`);
  }
}

/** The form of an object schema: a collection's entry or a single file */
export function describeForm(schema: Schema, what: string): FormSpec {
  const form = describeField(schema, what);
  if (form.kind !== 'object') throw new Error(`${what} is not an object schema`);
  return { fields: form.fields };
}
