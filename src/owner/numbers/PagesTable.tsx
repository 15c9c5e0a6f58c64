import type { Report } from '../../server/stats/report.ts';
import { formatCount, formatShare } from './figures.ts';

const columns = ['Views', 'Calls', 'E-mails', 'Quotes', 'Share'] as const;

/** Each page's figures, the pages that bring the most contact first */
export function PagesTable({ pages }: { pages: Report['pages'] }) {
  if (pages.length === 0) return <p className="text-muted">No page had a visitor in this period.</p>;
  return (
    <div className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0" tabIndex={0} role="region" aria-label="Figures for each page">
      <table className="w-full min-w-[34rem] text-left text-sm tabular-nums">
        <thead>
          <tr className="border-b-2 border-line">
            <th scope="col" className="py-2 pr-3">
              Page
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pl-3 text-right">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.path} className="border-b border-line">
              <th scope="row" className="max-w-56 py-2 pr-3 font-medium break-all text-brand-900">
                {page.path}
              </th>
              <td className="py-2 pl-3 text-right">{formatCount(page.views)}</td>
              <td className="py-2 pl-3 text-right">{formatCount(page.calls)}</td>
              <td className="py-2 pl-3 text-right">{formatCount(page.emails)}</td>
              <td className="py-2 pl-3 text-right">{formatCount(page.quotes)}</td>
              <td className="py-2 pl-3 text-right">{formatShare(page.contactShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
