/**
 * The owner's page (/owner): whether he is signed in decides what it shows. An invite link
 * (#invite=TOKEN) sets up a passkey; without a session, the sign-in door; with one, his inbox,
 * numbers and passkeys. Any 401 from the server brings the door back.
 *
 * The app shares React, its renderer, lucide's base and the site's button looks (src/lib/button.ts)
 * with the public islands: each is a chunk of its own, which the budgets table
 * (`npm run check:budgets`) counts on every page that loads it.
 */
import { useEffect, useState } from 'react';
import { buttonClass } from '../lib/button.ts';
import type { SessionBody } from '../lib/owner-api.ts';
import { markOwnerBrowser } from '../lib/owner-browser.ts';
import { ApiError, onSignedOut, ownerApi } from './api.ts';
import { OwnerData } from './data.tsx';
import { DoorFrame } from './DoorFrame.tsx';
import { takeInviteToken } from './invite.ts';
import { InviteSetup } from './InviteSetup.tsx';
import { errorMessage, NoticeProvider } from './notices.tsx';
import { SignIn } from './SignIn.tsx';
import { Workspace } from './Workspace.tsx';

type Stage =
  | { name: 'checking' }
  | { name: 'signed-out'; reason?: string }
  | { name: 'invite'; invite: string }
  | { name: 'signed-in'; session: SessionBody }
  | { name: 'no-server' }
  | { name: 'problem'; message: string };

const SESSION_ENDED = 'Your session has ended, so you are signed out. Sign in again to carry on.';

export function OwnerApp({ businessName, shortName }: { businessName: string; shortName: string }) {
  const [stage, setStage] = useState<Stage>(() => {
    const invite = takeInviteToken();
    return invite ? { name: 'invite', invite } : { name: 'checking' };
  });

  useEffect(() => {
    onSignedOut(() => setStage({ name: 'signed-out', reason: SESSION_ENDED }));
    // An invite link opened in a tab already at /owner changes only the hash
    const takeInvite = () => {
      const invite = takeInviteToken();
      if (invite) setStage({ name: 'invite', invite });
    };
    window.addEventListener('hashchange', takeInvite);
    return () => window.removeEventListener('hashchange', takeInvite);
  }, []);

  useEffect(() => {
    if (stage.name !== 'checking') return;
    let current = true;
    ownerApi
      .session()
      .then(
        (session) =>
          current && setStage(session ? { name: 'signed-in', session } : { name: 'signed-out' }),
      )
      .catch((error: unknown) => {
        if (!current) return;
        // A static deployment has no server behind the page
        if (error instanceof ApiError && error.status === 404) setStage({ name: 'no-server' });
        else setStage({ name: 'problem', message: errorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [stage.name]);

  useEffect(() => {
    // His own visits to the site from this browser are not counted from now on
    if (stage.name === 'signed-in') markOwnerBrowser();
  }, [stage.name]);

  useEffect(() => {
    if (stage.name !== 'signed-in') document.title = `Owner · ${businessName}`;
  }, [stage.name, businessName]);

  const signedIn = () => setStage({ name: 'checking' });
  const signOut = async () => {
    try {
      await ownerApi.signOut();
    } catch {
      // Signed out on this page whatever the server said; the cookie ends with the session
    }
    setStage({ name: 'signed-out', reason: 'You are signed out.' });
  };

  return (
    <NoticeProvider>
      {stage.name === 'checking' && (
        <DoorFrame businessName={businessName} title="Opening…">
          <p className="text-muted" role="status">
            Checking whether you are signed in.
          </p>
        </DoorFrame>
      )}
      {stage.name === 'signed-out' && (
        <SignIn businessName={businessName} reason={stage.reason} onSignedIn={signedIn} />
      )}
      {stage.name === 'invite' && (
        <InviteSetup
          businessName={businessName}
          invite={stage.invite}
          onSignedIn={signedIn}
          onCancel={() => setStage({ name: 'checking' })}
        />
      )}
      {stage.name === 'signed-in' && (
        <OwnerData>
          <Workspace
            businessName={businessName}
            shortName={shortName}
            session={stage.session}
            onSignOut={() => void signOut()}
          />
        </OwnerData>
      )}
      {stage.name === 'no-server' && (
        <DoorFrame businessName={businessName} title="Not on this server">
          <p>
            The owner’s page works only on the site’s own Node server. A static copy of the site
            sends quote requests to the form service instead: read them in its inbox.
          </p>
        </DoorFrame>
      )}
      {stage.name === 'problem' && (
        <DoorFrame businessName={businessName} title="Cannot reach the site">
          <p role="alert">{stage.message}</p>
          <button
            type="button"
            className={buttonClass({ variant: 'accent', block: true }, 'mt-6')}
            onClick={() => setStage({ name: 'checking' })}
          >
            Try again
          </button>
        </DoorFrame>
      )}
    </NoticeProvider>
  );
}
