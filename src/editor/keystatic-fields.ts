/**
 * Keystatic's fields made from the editor's description of its forms (form-spec.ts, described
 * from the content schemas by form-description.ts): one field for each described, with its words
 * and limits. The browser's editor and the server both make their forms here, from the same
 * description, so what one accepts the other does.
 */
import { fields, type Collection, type ComponentSchema, type Singleton } from '@keystatic/core';
import type { FieldSpec, FormSpec, ItemLabelSpec, PatternSpec, TextSpec } from './form-spec.ts';

type Field = ComponentSchema;

const regexOf = ({ source, flags, message }: PatternSpec) => ({
  regex: new RegExp(source, flags),
  message,
});

/** A text's options as Keystatic takes them */
function textOptions({
  label,
  description,
  multiline,
  validation: { pattern, ...validation },
}: TextSpec) {
  return {
    label,
    ...(description === undefined ? {} : { description }),
    multiline,
    validation: { ...validation, ...(pattern ? { pattern: regexOf(pattern) } : {}) },
  };
}

/** How a list shows an item, from what its description says names it */
function itemLabelOf(spec: ItemLabelSpec): (props: unknown) => string {
  // What Keystatic hands the label: a list item's own value, or its object's fields' values
  type Value = string | number | null;
  type Preview = { value?: Value; fields?: Record<string, { value: Value }> };
  const { fallback } = spec;
  switch (spec.from) {
    case 'field':
      return (props) =>
        (spec.key && String((props as Preview).fields?.[spec.key]?.value ?? '')) || fallback;
    case 'text':
      return (props) =>
        String((props as Preview).value ?? '').slice(0, spec.maxChars ?? Infinity) || fallback;
    case 'value':
      return (props) => ((props as Preview).value as string | null | undefined) ?? fallback;
  }
}

/** The Keystatic field a description stands for */
export function fieldFrom(spec: FieldSpec): Field {
  switch (spec.kind) {
    case 'ignored':
      return fields.ignored();
    case 'object': {
      const { fields: members, kind: _, ...words } = spec;
      return fields.object(fieldsFrom({ fields: members }), words);
    }
    case 'array': {
      const { item, itemLabel, length, kind: _, ...words } = spec;
      return fields.array(fieldFrom(item), {
        ...words,
        itemLabel: itemLabelOf(itemLabel),
        ...(length ? { validation: { length } } : {}),
      });
    }
    case 'image': {
      const { required, kind: _, ...options } = spec;
      return fields.image({ ...options, validation: { isRequired: required } });
    }
    case 'relationship': {
      const { required, kind: _, ...options } = spec;
      return fields.relationship({ ...options, validation: { isRequired: required } });
    }
    case 'url': {
      const { required, kind: _, ...words } = spec;
      return fields.url({ ...words, validation: { isRequired: required } });
    }
    case 'date': {
      const { required, kind: _, ...words } = spec;
      return required
        ? fields.date({ ...words, validation: { isRequired: true } })
        : fields.date({ ...words, validation: { isRequired: false } });
    }
    case 'text':
      return fields.text(textOptions(spec));
    case 'integer':
    case 'number': {
      const { kind, ...options } = spec;
      return kind === 'integer' ? fields.integer(options) : fields.number(options);
    }
    case 'checkbox': {
      const { kind: _, ...options } = spec;
      return fields.checkbox(options);
    }
    case 'select': {
      const { kind: _, ...options } = spec;
      return fields.select(options);
    }
  }
}

/** A form's fields, by key, in its order */
export function fieldsFrom(form: FormSpec): Record<string, Field> {
  return Object.fromEntries(form.fields.map(({ key, ...spec }) => [key, fieldFrom(spec)]));
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
  /** Fields the form does not hold (a Markdown body), each placed before the field it names */
  extraFields?: Record<string, { field: Field; before: string }>;
}

/** A collection whose entries' fields are the form's */
export function collectionFrom(
  form: FormSpec,
  { fileName, extraFields = {}, ...options }: CollectionOptions,
): Collection<Record<string, Field>, string> {
  const formFields = fieldsFrom(form);
  const title = form.fields.find((field) => field.key === fileName.from);
  if (title?.kind !== 'text') throw new Error(`${options.label}: ${fileName.from} is not a text`);
  const { label, description, validation } = textOptions(title);
  formFields[fileName.from] = fields.slug({
    name: { label, ...(description === undefined ? {} : { description }), validation },
    slug: {
      label: 'Short name',
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
    if (!(before in formFields))
      throw new Error(`${options.label}: ${extra} goes before ${before}, which it has not`);
  for (const [key, field] of Object.entries(formFields)) {
    for (const [extra, { before }] of Object.entries(extraFields))
      if (before === key) ordered[extra] = extraFields[extra]!.field;
    ordered[key] = field;
  }
  return { ...options, slugField: fileName.from, schema: ordered };
}

/** A single file whose fields are the form's */
export function singletonFrom(
  form: FormSpec,
  options: { label: string; path: string; format: { data: 'yaml' | 'json' } },
): Singleton<Record<string, Field>> {
  return { ...options, schema: fieldsFrom(form) };
}
