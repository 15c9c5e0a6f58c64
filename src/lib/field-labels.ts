/**
 * A field of a content schema named as the owner's editor names it: the `.meta()` labels
 * (src/lib/field-meta.ts) along a zod path, so a problem the build finds in `photos.1.alt` reads
 * "Photos › Photo 2 › What the picture shows", the words on the form he fills in.
 */
import { z } from 'zod';
import type { FieldMeta } from './field-meta.ts';

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  options?: Schema[];
}
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const metaOf = (schema: Schema) => z.globalRegistry.get(schema) ?? {};

/** The schema under its optional, default and rewriting wrappers, with the meta of every layer (the outer wins) */
function unwrap(schema: Schema): {
  core: Schema;
  label?: string;
  itemName?: string;
  meta: FieldMeta;
} {
  let label: string | undefined;
  let itemName: string | undefined;
  let merged: FieldMeta = {};
  let current = schema;
  for (;;) {
    const meta = metaOf(current);
    merged = { ...meta, ...merged } as FieldMeta;
    label ??= meta.label;
    itemName ??= meta.editor?.itemName;
    const def = defOf(current);
    if (['optional', 'default', 'nullable', 'readonly', 'prefault'].includes(def.type))
      current = def.innerType!;
    else if (def.type === 'pipe')
      current = defOf(def.out!).type === 'transform' ? def.in! : def.out!;
    else
      return {
        core: current,
        meta: merged,
        ...(label === undefined ? {} : { label }),
        ...(itemName === undefined ? {} : { itemName }),
      };
  }
}

/** The member `key` of an object (of whichever of a union's objects has it), or an array's item */
function member(schema: Schema, key: string): Schema | undefined {
  const { core } = unwrap(schema);
  const def = defOf(core);
  if (def.type === 'object') return def.shape?.[key];
  if (def.type === 'array' && /^\d+$/.test(key)) return def.element;
  if (def.type === 'union')
    for (const option of def.options ?? []) {
      const found = member(option, key);
      if (found) return found;
    }
  return undefined;
}

/**
 * The labels along `path` (`photos.1.alt`), an item of a list called by what the list calls an
 * item and its place counting from one; undefined when a step has no label, so the caller falls
 * back on the path's own words
 */
export function fieldLabels(schema: Schema, path: string): string[] | undefined {
  return fieldAt(schema, path)?.labels;
}

/** The field at `path`: its labels along the way, and its own meta (its choices' words, its pattern's message) */
export function fieldAt(
  schema: Schema,
  path: string,
): { labels: string[]; meta: FieldMeta } | undefined {
  const labels: string[] = [];
  let current: Schema = schema;
  for (const key of path.split('.').filter(Boolean)) {
    const next = member(current, key);
    if (!next) return undefined;
    if (/^\d+$/.test(key)) {
      const list = unwrap(current);
      const item = unwrap(next);
      const name = list.itemName ?? item.label;
      if (!name) return undefined;
      labels.push(`${name} ${Number(key) + 1}`);
    } else {
      const { label } = unwrap(next);
      if (!label) return undefined;
      labels.push(label);
    }
    current = next;
  }
  return labels.length > 0 ? { labels, meta: unwrap(current).meta } : undefined;
}
