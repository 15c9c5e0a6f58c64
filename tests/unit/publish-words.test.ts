/**
 * What the owner reads about his changes: the unpublished edits and the commit messages in words,
 * from `git status` of the content paths and the files' own names for themselves
 */
import { describe, expect, it } from 'vitest';
import {
  changeSentence,
  commitMessage,
  describeChanges,
  parsePorcelain,
  type ContentReader,
} from '../../src/server/publish/changes.ts';
import { BUSINESS_FILE } from '../../src/server/publish/content-paths.ts';
import { entryLabel, topLevelField } from '../../src/server/publish/entry-labels.ts';

const project = (title: string) => `title: "${title}"\ncategory: Residential\nsuburb: "Howick"\n`;

/** A checkout's files now and in the last commit */
function reader(now: Record<string, string>, before: Record<string, string> = {}): ContentReader {
  return { now: async (path) => now[path], before: async (path) => before[path] };
}

describe('git status of the content paths', () => {
  it('reads files added, changed, removed and renamed', () => {
    const output = [
      '?? src/content/projects/heat-pump-botany.yaml',
      ' M src/content/testimonials/01-margaret.yaml',
      ' D src/content/projects/gate-repair-farm-cove.yaml',
      'A  src/assets/projects/heat-pump-botany/photos/0/src.jpg',
      'R  src/content/projects/new-name.yaml',
      'src/content/projects/old-name.yaml',
      '',
    ].join('\0');
    expect(parsePorcelain(output)).toEqual([
      { kind: 'added', path: 'src/content/projects/heat-pump-botany.yaml' },
      { kind: 'changed', path: 'src/content/testimonials/01-margaret.yaml' },
      { kind: 'removed', path: 'src/content/projects/gate-repair-farm-cove.yaml' },
      { kind: 'added', path: 'src/assets/projects/heat-pump-botany/photos/0/src.jpg' },
      { kind: 'removed', path: 'src/content/projects/old-name.yaml' },
      { kind: 'added', path: 'src/content/projects/new-name.yaml' },
    ]);
  });
});

describe('an entry as the owner knows it', () => {
  it('is named by its own title, author or area name, quoted as YAML allows', () => {
    expect(
      entryLabel('projects/switchboard-howick.yaml', project('Switchboard upgrade in Howick')),
    ).toBe("project 'Switchboard upgrade in Howick'");
    expect(
      entryLabel('testimonials/01-margaret.yaml', 'quote: >-\n  Lovely.\nauthor: Margaret\n'),
    ).toBe('review by Margaret');
    expect(
      entryLabel(
        'areas/electrician-howick.md',
        "---\nkind: suburb\nareaName: 'Ōtāhuhu'\n---\nBody",
      ),
    ).toBe("area page 'Ōtāhuhu'");
    expect(entryLabel('services/ceiling-fans.yaml', "title: 'Fans, lights ''n'' more'\n")).toBe(
      "service 'Fans, lights 'n' more'",
    );
    expect(entryLabel('pages/home.yaml', 'page: home\n')).toBe('the home page');
  });

  it('falls back to the file name when the naming field is empty, folded or missing', () => {
    expect(entryLabel('projects/switchboard-howick.yaml', 'title: ""\n')).toBe(
      'project switchboard-howick',
    );
    expect(entryLabel('projects/switchboard-howick.yaml', 'title: >-\n  Long title\n')).toBe(
      'project switchboard-howick',
    );
    expect(entryLabel('projects/switchboard-howick.yaml', undefined)).toBe(
      'project switchboard-howick',
    );
    expect(topLevelField('  title: nested\n', 'title')).toBeUndefined();
  });
});

describe('the changes in words', () => {
  it('says what was added, changed and removed, by name', async () => {
    const files = parsePorcelain(
      [
        '?? src/content/projects/heat-pump-botany.yaml',
        ' M src/content/testimonials/01-margaret.yaml',
        ' D src/content/projects/gate-repair-farm-cove.yaml',
      ].join('\0'),
    );
    const read = reader(
      {
        'src/content/projects/heat-pump-botany.yaml': project('Heat pump wiring in Botany'),
        'src/content/testimonials/01-margaret.yaml': 'author: Margaret\n',
      },
      {
        'src/content/testimonials/01-margaret.yaml': 'author: Margaret\n',
        'src/content/projects/gate-repair-farm-cove.yaml': project('Gate repair in Farm Cove'),
      },
    );
    expect((await describeChanges(files, read)).map(changeSentence)).toEqual([
      "Added project 'Heat pump wiring in Botany'",
      'Changed review by Margaret',
      "Removed project 'Gate repair in Farm Cove'",
    ]);
  });

  it('names the business facts that changed, by their top-level keys', async () => {
    const before = {
      name: 'Harbour East',
      hours: { weekdays: '7–5' },
      notice: '',
      phone: { display: '09 555 0100' },
    };
    const now = {
      ...before,
      hours: { weekdays: '7–6' },
      notice: 'Away 24 Dec – 6 Jan',
      shortName: 'Harbour',
    };
    const read = reader(
      { [BUSINESS_FILE]: JSON.stringify(now) },
      { [BUSINESS_FILE]: JSON.stringify(before) },
    );
    const [change] = await describeChanges([{ kind: 'changed', path: BUSINESS_FILE }], read);
    expect(changeSentence(change!)).toBe(
      'Changed the business details (hours, notice, short name)',
    );
  });

  it('names only the facts whose values changed when the editor rewrote the file in its own order, leaving out a blank notice', async () => {
    const before = {
      notice: '',
      claims: { years: 30, emergency: true },
      hours: { weekdays: '7–5' },
    };
    const now = { hours: { weekdays: '7–6' }, claims: { emergency: true, years: 30 } };
    const read = reader(
      { [BUSINESS_FILE]: JSON.stringify(now) },
      { [BUSINESS_FILE]: JSON.stringify(before) },
    );
    const [change] = await describeChanges([{ kind: 'changed', path: BUSINESS_FILE }], read);
    expect(changeSentence(change!)).toBe('Changed the business details (hours)');
  });

  it('folds a project’s photos into the project, and names photos changed on their own', async () => {
    const read = reader({
      'src/content/projects/heat-pump-botany.yaml': project('Heat pump wiring in Botany'),
      'src/content/projects/switchboard-howick.yaml': project('Switchboard upgrade in Howick'),
    });
    const files = parsePorcelain(
      [
        '?? src/content/projects/heat-pump-botany.yaml',
        '?? src/assets/projects/heat-pump-botany/photos/0/src.jpg',
        '?? src/assets/projects/heat-pump-botany/photos/1/src.jpg',
        ' M src/assets/projects/switchboard-howick/photos/0/src.jpg',
      ].join('\0'),
    );
    expect((await describeChanges(files, read)).map(changeSentence)).toEqual([
      "Added project 'Heat pump wiring in Botany'",
      "Changed the photos of project 'Switchboard upgrade in Howick'",
    ]);
  });
});

describe('a commit message', () => {
  const change = (what: string, kind: 'added' | 'changed' | 'removed' = 'changed') => ({
    kind,
    what,
  });

  it('is the change itself when there is one', () => {
    expect(commitMessage([change("project 'Switchboard upgrade in Howick'", 'added')])).toBe(
      "Added project 'Switchboard upgrade in Howick'",
    );
  });

  it('joins several in its first line and lists each below', () => {
    expect(
      commitMessage([change('review by Margaret'), change('the business details (hours, notice)')]),
    ).toBe(
      'Changed review by Margaret and changed the business details (hours, notice)\n\n' +
        '- Changed review by Margaret\n- Changed the business details (hours, notice)',
    );
  });

  it('counts what does not fit in its first line', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((name) => change(`review by ${name.toUpperCase()}`));
    const [subject, , ...list] = commitMessage(many).split('\n');
    expect(subject).toBe(
      'Changed review by A, changed review by B, changed review by C and 2 more changes',
    );
    expect(list).toHaveLength(5);
  });

  it('says so when nothing changed', () => {
    expect(commitMessage([])).toMatch(/^Published the site again/);
  });
});
