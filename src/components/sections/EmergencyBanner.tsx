import { Siren } from 'lucide-react';
import { phoneText } from '../../config/business.ts';
import { noCallOutsWords } from '../../lib/availability.ts';
import { availability, emergencyClaim, powerCutWords } from '../../lib/site-day.ts';
import { CallButton } from '../ui/ContactButtons.tsx';

/**
 * The red emergency banner: one job, getting an emergency on the phone; while a closure stops
 * emergency call-outs, it says so and who to call for a power cut instead
 */
export function EmergencyBanner({
  text: given = availability.emergency24x7
    ? 'Sparks, burning smells or no power? We answer day and night.'
    : 'Sparks, burning smells or no power? Call us.',
}: {
  text?: string;
}) {
  const claim = availability.emergencyCallOuts
    ? emergencyClaim('emergency electrician')
    : noCallOutsWords(availability);
  const text = availability.emergencyCallOuts ? given : powerCutWords;
  return (
    <aside aria-label={claim} data-shared="" className="bg-danger-800 text-white">
      <div className="container-page flex flex-col items-start gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3 text-lg font-semibold">
          <Siren className="size-7 shrink-0" aria-hidden="true" />
          <span>
            {claim}. <span className="font-normal text-white/90">{text}</span>
          </span>
        </p>
        <CallButton variant="danger" className="shrink-0">
          Call {phoneText}
        </CallButton>
      </div>
    </aside>
  );
}
