import type { Crumb } from '../../lib/seo/json-ld.ts';

/** Visible breadcrumbs; the page passes the same list to breadcrumbLd */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="container-page pt-5 text-sm">
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
