import type { IconName } from '../../config/icon-names.ts';
import { Icon } from '../ui/Icon.tsx';
import { DialableText } from '../ui/DialableText.tsx';

export interface IconCardData {
  title: string;
  text: string;
  icon?: IconName | undefined;
}

/** Titled cards with an icon: why-choose blocks, handyman jobs, values, benefit cards */
export function IconCards({
  items,
  columns = 4,
}: {
  items: readonly IconCardData[];
  columns?: 2 | 3 | 4;
}) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} data-reveal="" className="card">
          {item.icon && (
            <span className="icon-badge mb-4">
              <Icon name={item.icon} className="size-6" />
            </span>
          )}
          <h3 className="text-h3">{item.title}</h3>
          <p className="mt-2 text-muted">
            <DialableText text={item.text} />
          </p>
        </li>
      ))}
    </ul>
  );
}
