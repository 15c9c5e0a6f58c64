import { cn } from '../../lib/cn.ts';
import type { NumbersBody } from '../../lib/owner-api.ts';
import { inHundred } from '../../lib/numbers-words.ts';
import { formatCount } from './figures.ts';
import { FiguresTable } from './FiguresTable.tsx';

const columns = ['Views', 'Calls', 'E-mails', 'Quotes', 'In touch'] as const;

const cell = 'py-2 pl-2 text-right sm:pl-5';

/**
 * Each page's figures under its name, the pages that bring the most contact first. On a phone how
 * many in 100 got in touch goes under the page's name instead of a column of its own, so the
 * table fits 390 px.
 */
export function PagesTable({ pages }: { pages: NumbersBody['pages'] }) {
  if (pages.length === 0)
    return <p className="text-muted">No page had a visitor in this period.</p>;
  return (
    <FiguresTable
      label="Figures for each page"
      className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0"
    >
      <thead>
        <tr className="border-b-2 border-line">
          <th scope="col" className="w-full py-2 pr-2 sm:pr-3">
            Page
          </th>
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              className={cn(
                cell,
                'whitespace-nowrap',
                column === 'In touch' && 'hidden sm:table-cell',
              )}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => (
          <tr key={page.path} className="border-b border-line">
            <th scope="row" className="py-2 pr-2 font-medium break-words text-brand-900 sm:pr-3">
              {page.title}
              {page.contactShare !== null && (
                <span className="block font-normal text-muted sm:hidden">
                  {inHundred(page.contactShare)} got in touch
                </span>
              )}
            </th>
            <td className={cell}>{formatCount(page.views)}</td>
            <td className={cell}>{formatCount(page.calls)}</td>
            <td className={cell}>{formatCount(page.emails)}</td>
            <td className={cell}>{formatCount(page.quotes)}</td>
            <td className={cn(cell, 'hidden sm:table-cell')}>
              {inHundred(page.contactShare) ?? '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </FiguresTable>
  );
}
