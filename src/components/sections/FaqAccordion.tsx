import { ChevronDown } from 'lucide-react';
import { DialableText } from '../ui/DialableText.tsx';

interface Props {
  /** Shared by the items' `name`, so opening one closes the others */
  group: string;
  items: readonly { question: string; answer: string; shared?: boolean }[];
}

/** FAQ as native <details> elements: one open at a time, collapsible, no JavaScript */
export function FaqAccordion({ group, items }: Props) {
  return (
    <div className="divide-y divide-line overflow-hidden rounded-(--radius-card) border border-line bg-white">
      {items.map((item) => (
        <details
          key={item.question}
          name={group}
          className="group/faq"
          data-shared={item.shared ? '' : undefined}
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-lg font-semibold text-brand-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <h3 className="text-lg">{item.question}</h3>
            <ChevronDown
              className="size-5 shrink-0 transition-transform group-open/faq:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="px-5 pb-5 text-muted">
            <DialableText text={item.answer} />
          </p>
        </details>
      ))}
    </div>
  );
}
