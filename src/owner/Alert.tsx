import type { ReactNode } from 'react';

/** What keeps a view from showing what it should (it could not be loaded), said at once to a screen reader */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-danger-50 p-3 font-medium text-danger-800">
      {children}
    </p>
  );
}
