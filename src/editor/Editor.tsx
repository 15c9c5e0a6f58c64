/**
 * The content editor (/owner/content): Keystatic's own interface under a slim bar that leads back
 * to the owner's page, where the changes are published. Keystatic's router works only under
 * /keystatic, so the address moves there before it starts (the server sends this page for every
 * /keystatic address too, so a reload or Back lands here again).
 */
import { useEffect, useMemo, type FormEvent } from 'react';
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

/** `forms`: the editor's forms as the page described them from the content schemas at build time (forms.ts) */
export function Editor({ forms }: { forms: EditorForms }) {
  const config = useMemo(() => editorConfigOf(forms), [forms]);
  // Keystatic's toasts live in a portal at the end of the body
  useEffect(() => sayWhenCreatedGoesLive(document.body), []);
  return (
    <div className="editor">
      <nav className="editor-bar" aria-label="Owner’s page">
        <a href={ownerPaths.page}>← Owner’s page</a>
        <a href={editorPaths.publish}>Publish the changes</a>
      </nav>
      <div className="editor-app" onSubmitCapture={showFirstProblem}>
        <Keystatic config={config} />
      </div>
    </div>
  );
}
