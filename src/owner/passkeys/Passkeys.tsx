import { ownerApi } from '../api.ts';
import { Alert } from '../Alert.tsx';
import { useInvalidation, usePasskeys, useSessions } from '../data.tsx';
import { errorMessage, useNotices } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { withStepUp } from '../passkey-ceremonies.ts';
import { View } from '../View.tsx';
import { AddPasskey } from './AddPasskey.tsx';
import { PasskeyItem } from './PasskeyItem.tsx';
import { Sessions } from './Sessions.tsx';
import { SignIns } from './SignIns.tsx';

/** His passkeys (rename, remove, add one), where he is signed in now, and the recent sign-ins */
export function Passkeys({ now }: { now: Date }) {
  const { notify, notifyError } = useNotices();
  const { data: body, error: passkeysProblem } = usePasskeys();
  const { data: signedIn, error: sessionsProblem } = useSessions();
  const { passkeysChanged, passkeyRemoved, sessionsChanged } = useInvalidation();
  const problem = passkeysProblem ?? sessionsProblem;

  return (
    <View
      title="Passkeys"
      intro="Each passkey signs you in from one device or security key. Keep at least two, so losing a phone does not lock you out."
    >
      {problem !== undefined && <Alert>{errorMessage(problem)}</Alert>}
      <Panel title="Your passkeys">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : (
          <ul className="divide-y divide-line">
            {body.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                now={now}
                onRename={async (name) => {
                  try {
                    await withStepUp(() => ownerApi.renamePasskey(passkey.id, name));
                    notify({ kind: 'success', text: `Renamed to ${name}` });
                    await passkeysChanged();
                    return true;
                  } catch (error) {
                    notifyError(error);
                    return false;
                  }
                }}
                onRemove={async () => {
                  try {
                    await withStepUp(() => ownerApi.removePasskey(passkey.id));
                    notify({ kind: 'success', text: `${passkey.name} removed` });
                    await passkeyRemoved();
                  } catch (error) {
                    notifyError(error);
                  }
                }}
              />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Add a passkey">
        <AddPasskey
          onAdded={(name) => {
            notify({ kind: 'success', text: `${name} added` });
            void passkeysChanged();
          }}
          onProblem={notifyError}
        />
      </Panel>
      <Panel title="Signed in now">
        {signedIn === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : (
          <Sessions
            sessions={signedIn.sessions}
            now={now}
            onSignOut={async (session) => {
              try {
                await withStepUp(() => ownerApi.signOutSession(session.id));
                notify({ kind: 'success', text: `Signed out ${session.device}` });
              } catch (error) {
                notifyError(error);
              }
              await sessionsChanged();
            }}
            onSignOutOthers={async () => {
              try {
                await withStepUp(() => ownerApi.signOutOthers());
                notify({ kind: 'success', text: 'Signed out everywhere else' });
              } catch (error) {
                notifyError(error);
              }
              await sessionsChanged();
            }}
          />
        )}
      </Panel>
      <Panel title="Recent sign-ins">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : (
          <SignIns signIns={body.signIns} now={now} />
        )}
      </Panel>
    </View>
  );
}
