/**
 * The editor's forms as plain data: what each field edits, its words and its limits, described
 * from the content schemas at build time (form-description.ts) and turned into Keystatic's fields
 * (keystatic-fields.ts) by the browser's editor and by the server alike. Only JSON values, so the
 * page can hand it to its island; what needs code (how a new entry's file is named) is the
 * editor's own (config.ts). Types only: the browser loads no schema library.
 */

/** A pattern as JSON holds it */
export interface PatternSpec {
  source: string;
  flags: string;
  message: string;
}

export interface LengthSpec {
  min?: number;
  max?: number;
}

interface Words {
  label: string;
  description?: string;
}

export interface TextSpec extends Words {
  kind: 'text';
  multiline: boolean;
  /** As Keystatic checks it, which leaves an empty text out of the file */
  validation: { isRequired?: boolean; length?: LengthSpec; pattern?: PatternSpec };
}

export interface NumberSpec extends Words {
  kind: 'number' | 'integer';
  defaultValue?: number;
  validation: { isRequired: boolean; min?: number; max?: number };
}

/** How a list names an item: by a field of it, by its text (the start of a long one), or as what an item is called */
export type ItemLabelSpec =
  | { from: 'field'; key?: string; fallback: string }
  | { from: 'text'; maxChars?: number; fallback: string }
  | { from: 'value'; fallback: string };

export type FieldSpec =
  | { kind: 'ignored' }
  | { kind: 'object'; label?: string; description?: string; fields: MemberSpec[] }
  | (Words & {
      kind: 'array';
      item: FieldSpec;
      itemLabel: ItemLabelSpec;
      length?: { min: number; max?: number };
    })
  | (Words & { kind: 'image'; directory: string; publicPath: string; required: boolean })
  | (Words & { kind: 'relationship'; collection: string; required: boolean })
  | (Words & { kind: 'url'; required: boolean })
  /** A calendar date, stored as YYYY-MM-DD */
  | (Words & { kind: 'date'; required: boolean })
  | TextSpec
  | NumberSpec
  | (Words & { kind: 'checkbox'; defaultValue: boolean })
  | (Words & {
      kind: 'select';
      options: Array<{ value: string; label: string }>;
      defaultValue: string;
    });

/** A field of an object, in the order Keystatic shows it and writes its key */
export type MemberSpec = FieldSpec & { key: string };

/** A collection's entry or a single file: its fields in order */
export interface FormSpec {
  fields: MemberSpec[];
}

/** Every form of the editor, by the name of its collection or single file */
export interface EditorForms {
  collections: Record<'projects' | 'testimonials' | 'services' | 'areas', FormSpec>;
  singletons: Record<'business', FormSpec>;
}
