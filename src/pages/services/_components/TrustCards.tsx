import type { ReactNode } from 'react';
import { business, yearsClaim } from '../../../config/business.ts';
import { noCallOutsWords } from '../../../lib/availability.ts';
import { availability, emergencyClaim, powerCutWords } from '../../../lib/site-day.ts';
import { Icon } from '../../../components/ui/Icon.tsx';
import { RegistrationCheck } from '../../../components/sections/RegistrationCheck.tsx';
import type { IconName } from '../../../config/icon-names.ts';

const cards: { title: string; text: string; icon: IconName; proof?: ReactNode }[] = [
  {
    title: emergencyClaim('Emergency Service'),
    text: !availability.emergencyCallOuts
      ? `${noCallOutsWords(availability)}. ${powerCutWords}`
      : availability.emergency24x7
        ? 'Power out, sparks or a burning smell? Call any time, day or night, weekends included.'
        : 'Power out, sparks or a burning smell? Call us and we come as quickly as we can.',
    icon: 'siren',
  },
  {
    title: 'Licensed & Insured',
    text: `Registered with the ${business.registration.body.replace(/ \(EWRB\)$/, '')} with a current practising licence, and fully insured.`,
    icon: 'shield-check',
    // The claim comes with what proves it
    proof: <RegistrationCheck className="mt-3 text-sm" />,
  },
  {
    title: 'Expert Team',
    text: `${yearsClaim} on the tools, and the person who quotes your job is the one who does it.`,
    icon: 'award',
  },
];

/** The three trust cards of every service page */
export function TrustCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {cards.map((card) => (
        <li key={card.title} className="card flex gap-4">
          <span className="icon-badge">
            <Icon name={card.icon} className="size-6" />
          </span>
          <div>
            <h3 className="text-h3">{card.title}</h3>
            <p className="mt-1 text-muted">{card.text}</p>
            {card.proof}
          </div>
        </li>
      ))}
    </ul>
  );
}
