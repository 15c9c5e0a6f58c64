import { popularLinks, quotePath } from '../../config/routes.ts';
import { ErrorPanel } from './ErrorPanel.tsx';

/** The Page Gone (410) body, shared by /gone and every retired path */
export function GonePanel() {
  return (
    <ErrorPanel
      code={410}
      title="Page Gone"
      message="This page has been permanently removed and is no longer available."
      links={popularLinks}
      linksHeading="You might be looking for"
    >
      <a href="/" className="btn btn-brand">
        Go to Homepage
      </a>
      <a href={quotePath} className="btn btn-accent">
        Get a Free Quote
      </a>
    </ErrorPanel>
  );
}
