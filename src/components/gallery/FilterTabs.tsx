import { filterChoice } from '../ui/filter-choices.ts';

interface Props {
  /** The radio group's name, unique on the page */
  name: string;
  /** The tabs in order, 'All' first, each with the number of items it shows */
  tabs: readonly { label: string; count: number }[];
}

/**
 * The gallery's category tabs: radio inputs styled as pills, so choosing one filters the grid
 * through CSS (src/components/ui/filter-choices.ts) with or without JavaScript. Arrow keys move
 * between them, as in any radio group.
 */
export function FilterTabs({ name, tabs }: Props) {
  return (
    <fieldset className="mb-8 flex flex-wrap justify-center gap-2">
      <legend className="sr-only">Filter projects</legend>
      {tabs.map(({ label, count }, index) => (
        <label
          key={label}
          className="cursor-pointer rounded-full border-2 border-brand-100 bg-white px-5 py-2 font-semibold text-brand-800 transition-colors hover:border-brand-700 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
        >
          <input
            type="radio"
            name={name}
            value={label}
            defaultChecked={index === 0}
            className="sr-only"
            {...filterChoice(index)}
          />
          {label} <span className="ml-1 rounded-full bg-black/10 px-2 text-sm">{count}</span>
        </label>
      ))}
    </fieldset>
  );
}
