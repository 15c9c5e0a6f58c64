/**
 * The content editor (/owner/content): Keystatic's own interface under a slim bar that leads back
 * to the owner's page, where the changes are published. Keystatic's router works only under
 * /keystatic, so the address moves there before it starts (the server sends this page for every
 * /keystatic address too, so a reload or Back lands here again).
 */
import { useEffect, useMemo, useRef, type FormEvent, type RefObject } from 'react';
import { Keystatic } from '@keystatic/core/ui';
import { editorConfigOf } from './config.ts';
import { sayWhenCreatedGoesLive } from './created-toast.ts';
import type { EditorForms } from './form-spec.ts';
import { editorPaths } from '../lib/editor-paths.ts';
import { ownerPaths } from '../lib/owner-api.ts';

if (window.location.pathname === editorPaths.page) {
  window.history.replaceState(
    window.history.state,
    '',
    `${editorPaths.app}${window.location.search}${window.location.hash}`,
  );
}

/**
 * Keystatic marks the fields a save cannot take but leaves the page where it is: on a phone the
 * message is usually off the screen, and Create seems to do nothing. After a save is tried, the
 * first field marked invalid is brought into view and focused.
 */
function showFirstProblem(event: FormEvent<HTMLDivElement>) {
  const app = event.currentTarget;
  window.setTimeout(() => {
    const field = app.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, 50);
}

/** What each collection's list calls its entries, by file name: a job's title, a reviewer's name */
export type EntryNames = Record<string, Record<string, string>>;

/** The name a list's header gives the column of entries, in place of Keystatic's "Slug" */
const NAME_COLUMN = 'Name';

/**
 * Keystatic's lists name each entry by its file name ("deck-repair-sunnyhills") under "Slug".
 * Each cell that holds a file name the page knows is marked with the entry's name, which the
 * page's style shows instead (the cell's own text stays for Keystatic, which renders it)
 */
function useEntryNames(app: RefObject<HTMLDivElement | null>, names: EntryNames) {
  useEffect(() => {
    const root = app.current;
    if (!root) return;
    const byFile = new Map<string, string>();
    const place = () =>
      /\/collection\/([^/]+)(?:\/item\/([^/]+))?\/?$/.exec(window.location.pathname) ?? [];
    const mark = () => {
      const [, listed, item] = place();
      if (!listed) return;
      // An entry's own page names it at its top by its file name too
      const title = item && names[listed]?.[decodeURIComponent(item)];
      if (item && title) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const holder = text.parentElement;
          if (
            text.nodeValue?.trim() === decodeURIComponent(item) &&
            holder &&
            !holder.closest('input')
          )
            if (holder.dataset['entryTitle'] !== title) holder.dataset['entryTitle'] = title;
        }
        return;
      }
      byFile.clear();
      for (const [file, name] of Object.entries(names[listed] ?? {})) byFile.set(file, name);
      for (const cell of root.querySelectorAll<HTMLElement>('[role="rowheader"]')) {
        const name = byFile.get(cell.textContent?.trim() ?? '');
        if (name === undefined) delete cell.dataset['entryName'];
        else if (cell.dataset['entryName'] !== name) cell.dataset['entryName'] = name;
      }
      for (const header of root.querySelectorAll<HTMLElement>('[role="columnheader"]'))
        if (header.textContent?.trim() === 'Slug' && header.dataset['entryName'] !== NAME_COLUMN)
          header.dataset['entryName'] = NAME_COLUMN;
    };
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    mark();
    return () => observer.disconnect();
  }, [app, names]);
}

/**
 * `forms`: the editor's forms as the page described them from the content schemas at build time
 * (forms.ts); `entryNames`: what each list calls its entries, as the site was built
 */
export function Editor({
  forms,
  entryNames = {},
}: {
  forms: EditorForms;
  entryNames?: EntryNames;
}) {
  const config = useMemo(() => editorConfigOf(forms), [forms]);
  // Keystatic's toasts live in a portal at the end of the body
  useEffect(() => sayWhenCreatedGoesLive(document.body), []);
  const app = useRef<HTMLDivElement>(null);
  useEntryNames(app, entryNames);
  return (
    <div className="editor">
      <nav className="editor-bar" aria-label="Owner’s page">
        <a href={ownerPaths.page}>← Owner’s page</a>
        <a href={editorPaths.publish}>Publish the changes</a>
      </nav>
      <div className="editor-app" ref={app} onSubmitCapture={showFirstProblem}>
        <Keystatic config={config} />
      </div>
    </div>
  );
}
