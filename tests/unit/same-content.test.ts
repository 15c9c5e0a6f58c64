/**
 * A content file laid out anew (keys reordered, values quoted or folded otherwise, as the editor
 * writes a file saved unchanged) is the same content; any change of a value is not. Checked on
 * every YAML and Markdown file of src/content, as it is in the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameContent } from '../../src/server/publish/same-content.ts';
import { pageOf } from '../../src/server/publish/changed-pages.ts';
import { BUSINESS_FILE, CONTENT_DIR } from '../../src/server/publish/content-paths.ts';
import { PHOTOS_DIRECTORY } from '../../src/lib/content-schemas.ts';
import {
  aboutPath,
  homePath,
  projectsPath,
  servicePath,
  testimonialsPath,
} from '../../src/config/routes.ts';

const contentFiles = readdirSync(CONTENT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(?:ya?ml|md)$/.test(name))
  .map((name) => join(CONTENT_DIR, name));

/** The file's top-level entries (a key and the lines under it) in reverse order, each one-line double-quoted value single-quoted */
function relaidOut(text: string): string {
  const [, matter, body] = /^(?:---\n([\s\S]*?)\n---\n)?([\s\S]*)$/.exec(text)!;
  const yaml = matter ?? body!;
  const entries = yaml.split(/\n(?=[^\s#-])/).reverse();
  const requoted = entries
    .map((entry) =>
      entry.replace(
        /^(\w+): "([^"\\']*)"$/m,
        (_, key: string, value: string) => `${key}: '${value}'`,
      ),
    )
    .join('\n');
  return matter === undefined ? `${requoted}\n` : `---\n${requoted}\n---\n${body}`;
}

describe('sameContent', () => {
  it('takes every content file laid out anew as the same, and one changed letter as a change', () => {
    expect(contentFiles.length).toBeGreaterThan(20);
    for (const path of contentFiles) {
      const text = readFileSync(path, 'utf8');
      const again = relaidOut(text);
      expect(sameContent(path, again, text), path).toBe(true);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: text.length - 1 }), (at) => {
          const letter = text[at]!;
          const line = text.slice(text.lastIndexOf('\n', at) + 1);
          // A letter of a value, not of a comment, which says nothing to the site
          fc.pre(/\p{L}/u.test(letter) && !/^\s*#/.test(line));
          const changed = `${text.slice(0, at)}${letter === 'q' ? 'z' : 'q'}${text.slice(at + 1)}`;
          expect(sameContent(path, changed, text), `${path} at ${at}`).toBe(false);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('reads folded lines, quotes, key order and JSON as the site does', () => {
    expect(sameContent('a.yaml', 'b: 1\na: "x y"\n', 'a: >-\n  x\n  y\nb: 1\n')).toBe(true);
    expect(sameContent('a.yaml', 'a: "x y"\n', 'a: |-\n  x\n  y\n')).toBe(false);
    expect(sameContent('a.yaml', 'a: "1"\n', 'a: 1\n')).toBe(false);
    expect(sameContent('a.yaml', 'a: true\n', 'a: "true"\n')).toBe(false);
    expect(sameContent('a.json', '{"b":1,"a":[1,2]}', '{\n  "a": [1, 2],\n  "b": 1\n}\n')).toBe(
      true,
    );
    expect(sameContent('a.json', '{"a":[2,1]}', '{"a":[1,2]}')).toBe(false);
    // What it cannot read is a change
    expect(sameContent('a.yaml', 'a: &anchor x\n', 'a: x\n')).toBe(false);
    expect(sameContent('a.jpg', 'x', 'y')).toBe(false);
  });
});

describe('pageOf', () => {
  it('names the page where each kind of content shows', () => {
    expect(pageOf(BUSINESS_FILE)).toBe(homePath);
    expect(pageOf(`${CONTENT_DIR}/projects/deck-lights.yaml`)).toBe(projectsPath);
    expect(pageOf(`${PHOTOS_DIRECTORY}/deck-lights/photos/0/src.jpg`)).toBe(projectsPath);
    expect(pageOf(`${CONTENT_DIR}/testimonials/01-margaret.yaml`)).toBe(testimonialsPath);
    expect(pageOf(`${CONTENT_DIR}/services/ceiling-fans.yaml`)).toBe(servicePath('ceiling-fans'));
    expect(pageOf(`${CONTENT_DIR}/pages/about.yaml`)).toBe(aboutPath);
    expect(pageOf(`${CONTENT_DIR}/areas/electrician-howick.md`)).toBe('/areas/electrician-howick');
  });
});
