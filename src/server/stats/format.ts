/**
 * The report as a terminal table, CSV, JSON, or a self-contained HTML page (inline SVG charts, no
 * script) that reads well on a phone.
 */
import { liveFacts } from '../support/live-facts.ts';
import { escapeHtml } from '../support/html.ts';
import { csvField } from '../leads/export.ts';
import type { Figures, NumbersBody as Report } from '../../lib/owner-api.ts';
import {
  contactShareSentence,
  funnelSentence,
  goodLimitSentence,
  inHundred,
  SOURCE_LABELS,
  speedSentence,
} from '../../lib/numbers-words.ts';

const COLUMNS = ['views', 'calls', 'emails', 'quotes', 'contacts'] as const;

/** A share of visitors as "4 in 100", a dash without views */
function perHundred(share: number | null): string {
  return inHundred(share) ?? '–';
}

/** The sections the table and the page share: where visits came from, this month's requests, page speed */
function summaryLines(report: Report): { heading: string; lines: string[] }[] {
  const { sources, funnel, speed } = report;
  const sourceLines =
    sources.total === 0
      ? ['No visits from outside the site yet in this period.']
      : [
          ...sources.kinds
            .filter((kind) => kind.visits > 0)
            .map((kind) => `${SOURCE_LABELS[kind.source]}: ${kind.visits}`),
          ...(sources.sites.length > 0
            ? [
                `Other websites by name: ${sources.sites.map(({ site, visits }) => `${site} ${visits}`).join(', ')}`,
              ]
            : []),
        ];
  return [
    { heading: 'Where visitors came from', lines: sourceLines },
    {
      heading: `Quote requests this month (${funnel.period.from} to ${funnel.period.to})`,
      lines: [funnelSentence(funnel)],
    },
    {
      heading: "How fast pages are for real visitors (Google's measures)",
      lines:
        speed.length === 0
          ? ['No speed readings from visitors yet in this period.']
          : speed.flatMap((kind) => [
              `${kind.label}:`,
              ...kind.metrics.map(
                (figure) =>
                  `  ${speedSentence(figure)} (${figure.readings} reading${figure.readings === 1 ? '' : 's'}; ${goodLimitSentence(figure)})`,
              ),
            ]),
    },
  ];
}

function trendText(change: number | null): string {
  if (change === null) return 'no figures for the period before';
  if (change === 0) return 'the same as the period before';
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on the period before`;
}

/** A change as a short figure: +12%, −5%, no change, or no figures */
function changeText(change: number | null): string {
  if (change === null) return 'no figures';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
}

function periodText({ period }: Report): string {
  return `${period.from} to ${period.to} (New Zealand time)`;
}

export function reportTable(report: Report): string {
  const head = ['page', 'views', 'calls', 'e-mails', 'quotes', 'got in touch'];
  const rows = [
    ...report.pages.map((page) => [
      page.title,
      ...COLUMNS.slice(0, 4).map((column) => String(page[column])),
      perHundred(page.contactShare),
    ]),
    [
      'all pages',
      ...COLUMNS.slice(0, 4).map((column) => String(report.totals[column])),
      perHundred(report.totals.contactShare),
    ],
  ];
  const widths = head.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => [...row[index]!].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!),
      )
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const { totals, trend } = report;
  return (
    [
      `Visits and contacts, ${periodText(report)}`,
      '',
      line(head),
      rule,
      ...rows.slice(0, -1).map(line),
      rule,
      line(rows.at(-1)!),
      '',
      `Views: ${totals.views}, ${trendText(trend.views)}.`,
      `Contacts (calls, e-mails and quote requests): ${totals.contacts}, ${trendText(trend.contacts)}.`,
      `${contactShareSentence(totals.contactShare)}.`,
      `Quote requests by form: ${
        Object.entries(report.quotesByForm)
          .map(([form, count]) => `${form} ${count}`)
          .join(', ') || 'none'
      }.`,
      ...summaryLines(report).flatMap(({ heading, lines }) => ['', `${heading}:`, ...lines]),
      '',
      'Calls and e-mails count taps on the phone number and e-mail address; visitors who ask not to be tracked, and you when signed in, are not counted.',
    ].join('\n') + '\n'
  );
}

export function reportCsv(report: Report): string {
  const header = ['page', 'title', ...COLUMNS, 'contact_share'];
  const row = (path: string, title: string, figures: Figures) =>
    [
      csvField(path),
      csvField(title),
      ...COLUMNS.map((column) => String(figures[column])),
      figures.contactShare === null ? '' : figures.contactShare.toFixed(4),
    ].join(',');
  return [
    header.join(','),
    ...report.pages.map((page) => row(page.path, page.title, page)),
    row('all pages', 'all pages', report.totals),
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}

export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Horizontal bars per page: views, and contacts on the same scale */
function pageBars(report: Report): string {
  const pages = report.pages.slice(0, 40);
  const max = Math.max(1, ...pages.map((page) => page.views));
  const rowHeight = 40;
  const bars = pages
    .map((page, index) => {
      const y = index * rowHeight;
      const views = (page.views / max) * 220;
      const contacts = (page.contacts / max) * 220;
      return [
        `<text x="0" y="${y + 13}" class="label">${escapeHtml(page.title)}</text>`,
        `<rect x="0" y="${y + 18}" width="${views.toFixed(1)}" height="9" class="views"/>`,
        `<rect x="0" y="${y + 28}" width="${Math.max(contacts, page.contacts > 0 ? 2 : 0).toFixed(1)}" height="7" class="contacts"/>`,
        `<text x="${(views + 6).toFixed(1)}" y="${y + 29}" class="value">${page.views} / ${page.contacts}</text>`,
      ].join('');
    })
    .join('');
  return `<svg width="340" viewBox="0 0 340 ${Math.max(pages.length, 1) * rowHeight}" role="img" aria-label="Views and contacts per page">${bars}</svg>`;
}

/** Views and contacts per day as two lines */
function dailyLines(report: Report): string {
  const days = report.daily;
  const max = Math.max(1, ...days.map((day) => day.views));
  const width = 340;
  const height = 150;
  const x = (index: number) =>
    days.length > 1 ? (index / (days.length - 1)) * (width - 20) + 10 : width / 2;
  const y = (value: number) => height - 20 - (value / max) * (height - 40);
  const points = (key: 'views' | 'contacts') =>
    days.map((day, index) => `${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`).join(' ');
  return [
    `<svg width="${width}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Views and contacts per day">`,
    `<line x1="10" y1="${height - 20}" x2="${width - 10}" y2="${height - 20}" class="axis"/>`,
    `<polyline points="${points('views')}" class="views-line"/>`,
    `<polyline points="${points('contacts')}" class="contacts-line"/>`,
    `<text x="10" y="${height - 4}" class="label">${escapeHtml(days[0]?.day ?? '')}</text>`,
    `<text x="${width - 10}" y="${height - 4}" class="label" text-anchor="end">${escapeHtml(days.at(-1)?.day ?? '')}</text>`,
    `<text x="10" y="12" class="label">most views in a day: ${max}</text>`,
    '</svg>',
  ].join('');
}

const STYLE = `body{font:1rem/1.5 system-ui,sans-serif;color:#1e293b;margin:0;padding:1rem}main{max-width:46rem;margin:auto}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;font-size:.8rem}th,td{padding:.3rem .25rem;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left;white-space:normal;overflow-wrap:anywhere;min-width:6.5rem}svg{display:block;max-width:100%;height:auto;margin:.5rem 0 1.5rem}
.label,.value{font:12px system-ui,sans-serif;fill:#334155}.views{fill:#2563eb}.contacts{fill:#ea580c}
.views-line{fill:none;stroke:#2563eb;stroke-width:2}.contacts-line{fill:none;stroke:#ea580c;stroke-width:2}.axis{stroke:#94a3b8}
.swatch-views{background:#2563eb}.swatch-contacts{background:#ea580c}.key span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 .8rem;vertical-align:middle}.table{overflow-x:auto}
@media (max-width:30rem){table{font-size:.75rem}th,td{padding:.3rem .15rem}th:first-child,td:first-child{min-width:6rem}}`;

/** The trend against the period before, in one sentence */
function trendSentence(report: Report): string {
  const { views, contacts } = report.trend;
  if (views === null && contacts === null) return 'No figures for the period before.';
  return `Against the period before: views ${changeText(views)}, contacts ${changeText(contacts)}.`;
}

export function reportHtml(report: Report): string {
  const cells = (figures: Figures) =>
    COLUMNS.slice(0, 4)
      .map((column) => `<td>${figures[column]}</td>`)
      .join('') + `<td>${perHundred(figures.contactShare)}</td>`;
  const rows = report.pages
    .map((page) => `<tr><td>${escapeHtml(page.title)}</td>${cells(page)}</tr>`)
    .join('');
  const sections = summaryLines(report)
    .map(
      ({ heading, lines }) =>
        `<h2>${escapeHtml(heading)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    )
    .join('');
  return [
    '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Website report, ${escapeHtml(report.period.from)} to ${escapeHtml(report.period.to)} | ${escapeHtml(liveFacts().name)}</title>`,
    `<style>${STYLE}</style></head><body><main>`,
    `<h1>Visits and contacts</h1><p>${escapeHtml(periodText(report))}. ${report.totals.views} views and ${report.totals.contacts} contacts `,
    `(calls ${report.totals.calls}, e-mails ${report.totals.emails}, quote requests ${report.totals.quotes}). `,
    `${escapeHtml(trendSentence(report))} ${escapeHtml(contactShareSentence(report.totals.contactShare))}.</p>`,
    '<p class="key"><span class="swatch-views"></span>views<span class="swatch-contacts"></span>contacts (calls, e-mails and quote requests)</p>',
    '<h2>Each day</h2>',
    dailyLines(report),
    '<h2>Each page</h2>',
    pageBars(report),
    `<div class="table"><table><thead><tr><th>page</th><th>views</th><th>calls</th><th>e-mails</th><th>quotes</th><th>got in touch</th></tr></thead>`,
    `<tbody>${rows}</tbody><tfoot><tr><th>all pages</th>${cells(report.totals)}</tr></tfoot></table></div>`,
    sections,
    '<p>Counts are anonymous: no cookies, nothing stored about any visitor. Calls and e-mails are taps on the phone number and e-mail address.</p>',
    '</main></body></html>',
  ].join('');
}
