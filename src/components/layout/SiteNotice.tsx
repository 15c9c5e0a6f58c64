/** One look for the notice and its stand-in, so both wrap to the same height at every width */
const stripClass =
  'container-page py-1.5 text-center text-sm leading-snug font-semibold text-balance';

/**
 * The notice of a closure (business.json `closure`, src/lib/availability.ts), a slim strip at the very top
 * of the fixed header. Plain text, not a live region: it is part of the page, not news that
 * arrives. It folds away once the page scrolls (`shell.ts` sets data-scrolled on the header), so it
 * never covers what a link jumps to; without JavaScript it stays. No notice, no markup.
 */
export function SiteNotice({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="grid grid-rows-[1fr] bg-accent-400 text-brand-950 transition-[grid-template-rows] duration-200 group-data-[scrolled=true]/header:grid-rows-[0fr] motion-reduce:transition-none">
      <div className="overflow-hidden">
        <p data-site-notice="" className={stripClass}>
          {text}
        </p>
      </div>
    </div>
  );
}

/**
 * The notice's room in the page flow, under the fixed header: the same text, invisible and hidden
 * from assistive technology, so it takes the height the notice takes at this width
 */
export function SiteNoticeSpacer({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div aria-hidden="true" className="invisible shrink-0">
      <p className={stripClass}>{text}</p>
    </div>
  );
}
