/**
 * Whether two texts of a content file say the same: the editor rewrites a whole file in its own
 * layout (key order, quotes, folded lines), so a save that changed nothing the site reads must
 * not wait to be published, nor stop an undo. JSON is compared parsed; YAML (and Markdown's front
 * matter) by a reader of the block style the content is written in, which gives up (different)
 * on anything else. As a second guard the words of both texts must match, so a value the reader
 * misread can never hide a change.
 */

/** A value as the site reads it: keys in any order, and a blank text the same as none */
export function asRead(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asRead);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, each]) => each !== '' && each !== null && each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, each]) => [key, asRead(each)]),
  );
}

class NotUnderstood extends Error {}

interface Line {
  indent: number;
  text: string;
}

const BLOCK_SCALAR = /^([|>])([+-]?)$/;

/** `key: value` split into the key as written and the value (undefined for none); undefined when the line is no key */
function splitKey(text: string): [string, string | undefined] | undefined {
  let end: number;
  if (text.startsWith('"') || text.startsWith("'")) {
    const quote = text[0]!;
    end = 1;
    while (end < text.length) {
      if (quote === '"' && text[end] === '\\') end += 2;
      else if (quote === "'" && text.startsWith("''", end)) end += 2;
      else if (text[end] === quote) break;
      else end++;
    }
    end++;
    if (text[end] !== ':') return undefined;
  } else {
    end = text.indexOf(':');
    while (end > 0 && end < text.length - 1 && text[end + 1] !== ' ')
      end = text.indexOf(':', end + 1);
    if (end <= 0 || /[#\s]/.test(text[0]!) || text.slice(0, end).includes('#')) return undefined;
  }
  const rest = text.slice(end + 1);
  if (rest !== '' && !rest.startsWith(' ')) return undefined;
  return [text.slice(0, end), rest.trim() === '' ? undefined : rest.trim()];
}

function scalar(raw: string): unknown {
  let text = raw.trim();
  if (!text.startsWith('"') && !text.startsWith("'")) {
    // A plain value ends where a comment starts
    const comment = text.search(/\s#/);
    if (comment >= 0) text = text.slice(0, comment).trim();
  }
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) throw new NotUnderstood();
    return JSON.parse(text) as unknown;
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) throw new NotUnderstood();
    return text.slice(1, -1).replaceAll("''", "'");
  }
  // A flow list or map written as JSON (["Howick", "Botany"]); any other flow style is not read
  if (/^[[{]/.test(text)) return JSON.parse(text) as unknown;
  if (/^[&*!|>%@`]/.test(text)) throw new NotUnderstood();
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** A key as written: its quotes taken off */
const keyOf = (written: string) => {
  const value = scalar(written);
  if (typeof value !== 'string') return String(value);
  return value;
};

export function parseYaml(text: string): unknown {
  const lines: Line[] = text
    .split('\n')
    .map((line) => line.trimEnd())
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  if (lines.some((line) => line.text.includes('\t'))) throw new NotUnderstood();
  let index = 0;
  const skipBlank = () => {
    while (
      index < lines.length &&
      (lines[index]!.text === '' || lines[index]!.text.startsWith('#'))
    )
      index++;
  };

  /** A block scalar's lines (`|` or `>`) after its key, at more than `indent` */
  function blockScalar(indent: number, style: string, chomp: string): string {
    const taken: string[] = [];
    let own: number | undefined;
    while (index < lines.length) {
      const line = lines[index]!;
      if (line.text !== '' && line.indent <= indent) break;
      if (line.text !== '') own ??= line.indent;
      taken.push(
        line.text === '' ? '' : ' '.repeat(line.indent - (own ?? line.indent)) + line.text,
      );
      index++;
    }
    while (taken.length > 0 && taken.at(-1) === '') taken.pop();
    let body: string;
    if (style === '|') body = taken.join('\n');
    else {
      body = '';
      for (const [at, line] of taken.entries()) {
        if (at === 0) body = line;
        else if (line === '') body += '\n';
        else body += body.endsWith('\n') ? line : ` ${line}`;
      }
    }
    return chomp === '-' ? body : `${body}\n`;
  }

  /** A plain or quoted value that goes on over more-indented lines */
  function flowScalar(first: string, indent: number): unknown {
    const parts = [first];
    while (index < lines.length) {
      const line = lines[index]!;
      if (line.text === '' || line.indent <= indent) break;
      parts.push(line.text);
      index++;
    }
    if (parts.length === 1) return scalar(first);
    if (first.startsWith('"') || first.startsWith("'")) throw new NotUnderstood();
    return scalar(parts.join(' '));
  }

  function value(rest: string | undefined, indent: number): unknown {
    if (rest === undefined || rest === '') {
      skipBlank();
      const next = lines[index];
      if (next && (next.indent > indent || (next.indent === indent && next.text.startsWith('- '))))
        return block(next.indent);
      return null;
    }
    const blockStyle = BLOCK_SCALAR.exec(rest);
    if (blockStyle) return blockScalar(indent, blockStyle[1]!, blockStyle[2]!);
    return flowScalar(rest, indent);
  }

  function mapping(indent: number, first?: string): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    let pending = first;
    for (;;) {
      let text: string;
      if (pending !== undefined) {
        text = pending;
        pending = undefined;
      } else {
        skipBlank();
        const line = lines[index];
        if (!line || line.indent < indent) break;
        if (line.indent > indent) throw new NotUnderstood();
        if (line.text === '-' || line.text.startsWith('- ')) break;
        text = line.text;
        index++;
      }
      const match = splitKey(text);
      if (!match) throw new NotUnderstood();
      const key = keyOf(match[0]);
      if (key in result) throw new NotUnderstood();
      result[key] = value(match[1], indent);
    }
    return result;
  }

  function sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (;;) {
      skipBlank();
      const line = lines[index];
      if (!line || line.indent !== indent || !(line.text === '-' || line.text.startsWith('- ')))
        break;
      index++;
      const rest = line.text.slice(1).trim();
      if (rest === '' || BLOCK_SCALAR.test(rest)) items.push(value(rest, indent));
      else if (splitKey(rest) && !rest.startsWith('"') && !rest.startsWith("'"))
        items.push(mapping(indent + 2, rest));
      else items.push(flowScalar(rest, indent));
    }
    return items;
  }

  function block(indent: number): unknown {
    skipBlank();
    const line = lines[index];
    if (!line) return null;
    return line.text === '-' || line.text.startsWith('- ') ? sequence(indent) : mapping(indent);
  }

  const parsed = block(0);
  skipBlank();
  if (index < lines.length) throw new NotUnderstood();
  return parsed;
}

/** Markdown's body without trailing spaces on its lines and blank lines at its end */
const bodyOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();

/** Markdown: its front matter read as YAML, and its body */
function parseMarkdown(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) return { body: bodyOf(text) };
  return { data: parseYaml(match[1]!), body: bodyOf(match[2]!) };
}

function parsed(path: string, text: string): unknown {
  const normalised = text.replaceAll('\r\n', '\n');
  if (path.endsWith('.json')) return JSON.parse(normalised) as unknown;
  if (/\.ya?ml$/.test(path)) return parseYaml(normalised);
  if (/\.mdx?$/.test(path)) return parseMarkdown(normalised);
  throw new NotUnderstood();
}

/** YAML's whole-line comments (in Markdown, those of its front matter), which say nothing to the site */
function withoutComments(path: string, text: string): string {
  const comments = /^[ \t]*#.*\n?/gm;
  if (/\.ya?ml$/.test(path)) return text.replace(comments, '');
  const matter = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0];
  return matter ? matter.replace(comments, '') + text.slice(matter.length) : text;
}

/** The words of a text, each as often as it occurs, whatever the layout */
const wordsOf = (path: string, text: string) =>
  (
    withoutComments(path, text)
      .match(/[\p{L}\p{N}]+(?:\.\p{N}+)?/gu)
      // 0.950 and 0.95 are one number; "word.5" is two words
      ?.flatMap((word) => (/^\d+\.\d+$/.test(word) ? [String(Number(word))] : word.split('.'))) ??
    []
  )
    .sort()
    .join(' ');

const canonical = (value: unknown) => JSON.stringify(asRead(value));

/** Whether `now` says the same as `before` for the content file at `path` */
export function sameContent(path: string, now: string, before: string): boolean {
  if (now === before) return true;
  try {
    return (
      canonical(parsed(path, now)) === canonical(parsed(path, before)) &&
      // JSON's keys and values are exact once parsed; the YAML reader is checked by the words
      (path.endsWith('.json') || wordsOf(path, now) === wordsOf(path, before))
    );
  } catch {
    return false;
  }
}
