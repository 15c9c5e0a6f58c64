import type { SignInRecord } from '../../lib/owner-api.ts';
import { formatDateTime, timeAgo } from '../time.ts';

/** The last sign-ins, newest first, so he notices one that was not him */
export function SignIns({ signIns, now }: { signIns: SignInRecord[]; now: Date }) {
  return (
    <div>
      <p className="text-muted">
        If you see a sign-in that was not you, remove the passkey it used, here, at once.
      </p>
      {signIns.length === 0 ? (
        <p className="mt-3 text-muted">No sign-ins yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {signIns.map((signIn, index) => (
            <li key={`${signIn.at}-${index}`} className="py-2.5">
              <p className="font-semibold text-brand-900">{signIn.device}</p>
              <p className="text-sm text-muted">
                <time dateTime={signIn.at} title={formatDateTime(signIn.at)}>
                  {formatDateTime(signIn.at)}
                </time>{' '}
                ({timeAgo(signIn.at, now)}) · with {signIn.passkeyName}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
