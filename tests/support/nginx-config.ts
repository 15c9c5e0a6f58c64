/**
 * nginx's config language, read far enough to test a config the project ships: directives with
 * their arguments and blocks, comments dropped, printed back for nginx to run; and the value a
 * directive has in a location, as nginx inherits it from the server level or its own default.
 */

export interface Directive {
  name: string;
  /** As written, quotes included */
  args: string[];
  /** The directives inside its { }, for a block such as server or location */
  block?: Directive[];
}

/** Quoted strings, comments, the three punctuation marks, and bare words */
const TOKEN = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|#[^\n]*|[{};]|[^\s{};"'#]+/g;

export function parseNginx(text: string): Directive[] {
  const tokens = (text.match(TOKEN) ?? []).filter((token) => !token.startsWith('#'));
  let at = 0;
  const parseBlock = (closedBy: '}' | 'end'): Directive[] => {
    const directives: Directive[] = [];
    for (;;) {
      const token = tokens[at++];
      if (token === undefined) {
        if (closedBy === 'end') return directives;
        throw new Error('The nginx config ends inside a block');
      }
      if (token === '}') {
        if (closedBy === '}') return directives;
        throw new Error('The nginx config closes a block it never opened');
      }
      const args: string[] = [];
      for (;;) {
        const next = tokens[at++];
        if (next === undefined) throw new Error(`The nginx directive ${token} has no end`);
        if (next === ';') {
          directives.push({ name: token, args });
          break;
        }
        if (next === '{') {
          directives.push({ name: token, args, block: parseBlock('}') });
          break;
        }
        if (next === '}') throw new Error(`The nginx directive ${token} has no ;`);
        args.push(next);
      }
    }
  };
  return parseBlock('end');
}

export function printNginx(directives: readonly Directive[], indent = ''): string {
  return directives
    .map(({ name, args, block }) => {
      const head = `${indent}${[name, ...args].join(' ')}`;
      return block ? `${head} {\n${printNginx(block, `${indent}  `)}${indent}}\n` : `${head};\n`;
    })
    .join('');
}

/** nginx's own defaults of the directives the tests read (its http core and proxy modules' docs) */
const DEFAULTS: Record<string, string> = {
  client_max_body_size: '1m',
  client_body_timeout: '60s',
  proxy_send_timeout: '60s',
  proxy_read_timeout: '60s',
  proxy_request_buffering: 'on',
};

/** The single argument of `name` in a location: its own, else the server level's, else nginx's default */
export function valueIn(name: string, location: Directive, server: Directive): string {
  for (const level of [location, server]) {
    const found = (level.block ?? []).filter((directive) => directive.name === name);
    if (found.length > 1) throw new Error(`${name} is set twice in one block`);
    if (found[0]) return found[0].args.join(' ');
  }
  const fallback = DEFAULTS[name];
  if (fallback === undefined) throw new Error(`No default known for ${name}`);
  return fallback;
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const TIME_UNITS: Record<string, number> = {
  ms: 1,
  '': 1000,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A size as nginx reads it ("64k", "30m", "512"), in bytes */
export function bytesOf(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`Not an nginx size: ${size}`);
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}

/** A single-unit time as nginx reads it ("35s", "11m", "500ms", "60"), in milliseconds */
export function millisecondsOf(time: string): number {
  const match = /^(\d+)(ms|[smhd])?$/.exec(time);
  if (!match) throw new Error(`Not an nginx time in one unit: ${time}`);
  return Number(match[1]) * TIME_UNITS[match[2] ?? '']!;
}
