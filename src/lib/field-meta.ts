/**
 * What a content schema's field says of itself in `.meta({...})`: the words the owner's editor
 * shows for it, and what only the editor needs. The editor's forms are made from the schemas with
 * these (src/editor/form-description.ts), so a field's limits and its words are written once, on the
 * field. Declared on zod's own meta type so every `.meta()` is checked against it.
 */

export interface EditorHints {
  /** Kept in the file as it is, and not shown */
  hidden?: true;
  /** A box of several lines (visitors' text is, other text is one line unless this says so) */
  multiline?: boolean;
  /** A picture uploaded into `directory`, its path stored relative to the entry's file (`publicPath`) */
  image?: { directory: string; publicPath: string };
  /** The file name of an entry of this collection */
  relationship?: string;
  /** On a list: what an item is called in the list while it has no text of its own */
  itemName?: string;
  /** On a list of objects: the field whose text names an item (else the first text field) */
  itemNameFrom?: string;
}

export interface FieldMeta {
  /** The field's name in the editor */
  label?: string;
  /** Help under the field. On a list, {Range}, {Min} and {max} are its length limits in words */
  description?: string;
  /** What the editor says of a value that does not match the field's pattern */
  patternMessage?: string;
  /** A choice's values as the editor names them */
  optionLabels?: Record<string, string>;
  /** Visitors' text, in which fact tokens such as {owner} are filled in before its length is checked */
  tokens?: true;
  editor?: EditorHints;
}

declare module 'zod' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- zod's own meta type, given the fields above
  interface GlobalMeta extends FieldMeta {}
}
