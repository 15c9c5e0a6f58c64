import type { ReactNode } from 'react';
import { faviconHref } from '../lib/favicon.ts';

/** The card the owner's door shows before he is in: sign-in, an invite, the page's own problems */
export function DoorFrame({
  businessName,
  title,
  children,
}: {
  businessName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-50 px-4 py-10">
      <div className="card w-full max-w-md">
        <p className="flex items-center gap-2 text-sm font-bold text-brand-800">
          <img src={faviconHref} alt="" width="28" height="28" className="size-7" />
          {businessName}
        </p>
        <h1 className="mt-6 text-h2">{title}</h1>
        <div className="mt-4">{children}</div>
      </div>
    </main>
  );
}
