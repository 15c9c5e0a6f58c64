import { Clock } from 'lucide-react';
import { noCallOutsWords } from '../../../lib/availability.ts';
import { availability } from '../../../lib/site-day.ts';

interface Props {
  /** The areas whose pages state the aim (responseClaim: aim) */
  areas: readonly string[];
  /** business.claims.emergencyResponseAim */
  aim: string;
}

/** The emergency response aim as the business states it: only for the areas it is stated for */
export function ResponseAim({ areas, aim }: Props) {
  return (
    <p className="flex basis-full items-start gap-2 text-white/90">
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {!availability.emergencyCallOuts ? (
        <span>{noCallOutsWords(availability)}.</span>
      ) : areas.length > 0 ? (
        <span>
          <strong className="text-white">
            Emergency response aim in {new Intl.ListFormat('en-NZ').format(areas)}: {aim}.
          </strong>{' '}
          Elsewhere in Auckland, as quickly as we can.
        </span>
      ) : (
        <span>{`We come as quickly as we can${availability.emergency24x7 ? ', day or night' : ''}.`}</span>
      )}
    </p>
  );
}
