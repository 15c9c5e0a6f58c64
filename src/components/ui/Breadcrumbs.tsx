import type { Crumb } from '../../lib/seo/json-ld.ts';

interface Props {
  crumbs: readonly Crumb[];
  /** Below the page's hero (the usual place), or first in the page where the hero is drawn by a section of its own */
  position?: 'below-hero' | 'page-top';
}

/** Visible breadcrumbs; the page passes the same list to breadcrumbLd */
export function Breadcrumbs({ crumbs, position = 'below-hero' }: Props) {
  return (
    <nav
      aria-label="Breadcrumb"
      className={`container-page text-sm ${position === 'page-top' ? 'py-3' : 'pt-5'}`}
    >
      <ol className="flex flex-wrap items-center gap-1.5 text-muted">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-1.5">
            {index > 0 && <span aria-hidden="true">›</span>}
            {index < crumbs.length - 1 ? (
              <a href={crumb.path} className="text-brand-700">
                {crumb.name}
              </a>
            ) : (
              <span aria-current="page" className="font-semibold text-ink">
                {crumb.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
