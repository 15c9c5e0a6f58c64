import { privacyPath } from '../../config/routes.ts';

/** Told at the point of collection, as the Privacy Act expects: what the details are for, and where to read more */
export function PrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-xs opacity-80 ${className}`}>
      We use your details only to answer your request.{' '}
      <a href={privacyPath} className="underline">
        Privacy statement
      </a>
    </p>
  );
}
