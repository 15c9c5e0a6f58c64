/**
 * What Astro says when content is wrong, turned into words the owner can act on: which entry,
 * which field by the label his form shows (the schema's `.meta()`), what it needs. "Project
 * 'Switchboard upgrade in Howick': Title must be at least 5 characters". The raw output stays in
 * the server's log; only these sentences reach the owner's page, and none names a file.
 */
import { z } from 'zod';
import {
  areaSchema,
  pageSchema,
  projectSchema,
  serviceSchema,
  testimonialSchema,
} from '../../lib/content-schemas.ts';
import { fieldAt } from '../../lib/field-labels.ts';
import type { FieldMeta } from '../../lib/field-meta.ts';
import { capitalised, entryLabel, fieldWords } from './entry-labels.ts';

/** The schema of each collection folder under src/content, whose labels name its fields */
const SCHEMA_OF_FOLDER: Readonly<Record<string, z.core.$ZodType>> = {
  projects: projectSchema(z.string),
  testimonials: testimonialSchema,
  services: serviceSchema,
  'service-pages': serviceSchema,
  areas: areaSchema,
  pages: pageSchema,
};

/** A problem Astro reported, before it is put into words */
export interface ContentProblem {
  /** The file, relative to src/content (`projects/switchboard-howick.yaml`), when Astro named one */
  file?: string;
  /** Each field that is wrong: its path (`title`, `benefits.0`; empty for the whole entry) and Astro's message */
  issues: { path: string; message: string }[];
  /** A line of Astro's own when the problem is not a field's */
  text?: string;
}

/** `text` without the colours of a terminal */
export const withoutColours = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

/** The path after `src/content/` in a location line, without its `:line:column` */
function contentFileIn(block: string): string | undefined {
  return /src\/content\/([^\s:]+)(?::\d+:\d+)?\s*$/m.exec(block)?.[1];
}

/** Astro's content errors in `output` (of `astro sync` or `astro build`) */
export function parseAstroProblems(output: string): ContentProblem[] {
  const text = withoutColours(output);
  const problems: ContentProblem[] = [];
  // Each error starts with its [Name] and runs to the next one or the end
  const blocks = text
    .split(/^(?=\[[A-Za-z]+Error\])/m)
    .filter((block) => /^\[[A-Za-z]+Error\]/.test(block));
  for (const block of blocks) {
    const name = /^\[([A-Za-z]+Error)\]/.exec(block)![1];
    const file =
      contentFileIn(block.split(/^ *Location: *$/m)[1] ?? '') ??
      contentFileIn(block.split('\n')[0]!);
    if (name === 'InvalidContentEntryDataError') {
      const body = block
        .split('\n')
        .slice(1)
        .join('\n')
        .split(/^ *Hint:/m)[0]!;
      const issues = body
        .split('\n')
        .map((line) => /^\s+(?:\S+?\*\*: \*\*)?([\w.-]*): (.+)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => ({ path: match[1]!, message: match[2]!.trim() }));
      problems.push({ ...(file ? { file } : {}), issues });
    } else if (name === 'DataCollectionEntryParseError') {
      const reason = /failed to parse: (.+)$/m.exec(block)?.[1]?.trim() ?? 'it could not be read';
      const line = /src\/content\/[^\s:]+:(\d+):\d+/.exec(block)?.[1];
      problems.push({
        ...(file ? { file } : {}),
        issues: [],
        text: `is not written correctly${line && line !== '0' ? ` near line ${line}` : ''} (${reason})`,
      });
    } else {
      const message = /^\[[A-Za-z]+Error\] ?(.+)$/m.exec(block)?.[1]?.trim();
      if (message) problems.push({ ...(file ? { file } : {}), issues: [], text: message });
    }
  }
  // The build's own content rules (src/lib/content-rules.ts) list their problems one a line
  const rules = /Content does not match SPEC\.md:\n((?:- .+\n?)+)/.exec(text)?.[1];
  if (rules)
    for (const line of rules.trim().split('\n'))
      problems.push({ issues: [], text: line.replace(/^- /, '') });
  return problems;
}

/** Zod's message for a field, as what the field needs; `meta` gives its choices and its pattern in the form's words */
export function needWords(message: string, meta: FieldMeta = {}): string {
  const size =
    /^Too (?:small|big): expected (string|array|number|set)(?: to (?:have|be))? ([<>]=?)(-?\d+(?:\.\d+)?)(?: (\w+))?/.exec(
      message,
    );
  if (size) {
    const [, type, comparison, amount, unit] = size;
    const least = comparison!.startsWith('>');
    const exact =
      comparison!.length === 1 ? (least ? Number(amount) + 1 : Number(amount) - 1) : Number(amount);
    if (type === 'string') return `must be at ${least ? 'least' : 'most'} ${exact} characters`;
    if (type === 'array' || type === 'set')
      return `needs at ${least ? 'least' : 'most'} ${exact} ${unit ?? 'items'}`;
    return `must be at ${least ? 'least' : 'most'} ${exact}`;
  }
  const options = /^Invalid option: expected one of (.+)$/.exec(message);
  if (options)
    return `must be one of ${options[1]!
      .split('|')
      .map((option) => option.replace(/^"|"$/g, ''))
      .map((option) => meta.optionLabels?.[option] ?? option)
      .join(', ')}`;
  if (/^Required$|received undefined$/.test(message)) return 'is missing';
  const type = /expected (?:type )?`?"?(\w+)"?`?, received/i.exec(message);
  // A box is ticked or not
  if (type?.[1] === 'boolean') return 'must be ticked or not ticked';
  if (type) return `must be ${/^[aeiou]/.test(type[1]!) ? 'an' : 'a'} ${type[1]}`;
  if (/^Invalid string: must match pattern/.test(message))
    return meta.patternMessage
      ? `is not right: ${meta.patternMessage.charAt(0).toLowerCase()}${meta.patternMessage.slice(1)}`
      : 'is not in the form it needs';
  if (/^Invalid input/.test(message)) return 'is not what it should be';
  // A refinement of the schema's own is already in words
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** The field at `path` of the entry in `file` (relative to src/content), as its schema describes it */
function fieldOf(path: string, file: string | undefined) {
  const schema = file === undefined ? undefined : SCHEMA_OF_FOLDER[file.split('/')[0] ?? ''];
  return schema && fieldAt(schema, path);
}

/**
 * A field's path in words: by the labels of the form the owner fills in when the entry's schema
 * has them (`photos.1.alt` of a project → "Photos › Photo 2 › What the picture shows"), else by
 * the path's own words (`benefits.0` → "Benefits, item 1")
 */
export function fieldPathWords(path: string, file?: string): string {
  const labels = fieldOf(path, file)?.labels;
  if (labels) return labels.join(' › ');
  const words = path
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `item ${Number(part) + 1}` : fieldWords(part)))
    .join(', ');
  return capitalised(words);
}

/**
 * Each problem as a sentence for the owner; `readEntry` gives an entry file's text (relative to
 * src/content), for the name the owner knows it by
 */
export function describeProblems(
  problems: readonly ContentProblem[],
  readEntry: (file: string) => string | undefined,
): string[] {
  return problems.flatMap((problem) => {
    const where = problem.file
      ? capitalised(entryLabel(problem.file, readEntry(problem.file)))
      : undefined;
    if (problem.issues.length === 0)
      return [
        where ? `${where} ${problem.text ?? 'has a problem'}` : capitalised(problem.text ?? ''),
      ];
    return problem.issues.map(({ path, message }) => {
      const need = needWords(message, fieldOf(path, problem.file)?.meta);
      const sentence = path ? `${fieldPathWords(path, problem.file)} ${need}` : capitalised(need);
      return where ? `${where}: ${sentence}` : sentence;
    });
  });
}

/** Lines of Astro's output that say nothing of why it failed: progress, the labels and links of an error, stack frames */
const NOISE = [
  /^\d\d:\d\d:\d\d \[(?!ERROR\])/,
  /^(?:Hint|Error reference|Location|Stack trace):$/,
  /^at /,
  /^(?:https?|file):\/\/\S+$/,
];
/** A line that says what went wrong */
const COMPLAINT = /error|fail|cannot|could not|unable|not found|missing|invalid/i;

/**
 * The first lines of Astro's reason for a failure that is not a content error, for the owner to
 * pass on: from the first line that complains, without progress lines, links and stack frames
 * (the last lines when none complains)
 */
export function failureLines(output: string, count = 3): string[] {
  const lines = withoutColours(output)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !NOISE.some((noise) => noise.test(line)))
    .map((line) => line.replace(/^(?:\d\d:\d\d:\d\d )?\[ERROR\] /, ''));
  const first = lines.findIndex((line) => COMPLAINT.test(line));
  return first === -1 ? lines.slice(-count) : lines.slice(first, first + count);
}
