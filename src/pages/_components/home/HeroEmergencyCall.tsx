import { Siren } from 'lucide-react';
import { phoneText } from '../../../config/business.ts';
import { availability } from '../../../lib/site-day.ts';
import { emergencyHelpWords } from '../../../lib/availability.ts';
import { CallButton } from '../../../components/ui/ContactButtons.tsx';

/**
 * The emergency line at the top of the home hero, so a phone's first screen offers the call;
 * the red banner below the hero says the rest
 */
export function HeroEmergencyCall() {
  return (
    <p className="mb-6 flex items-center gap-2 rounded-xl bg-danger-800 py-2 pr-2 pl-3 text-sm font-semibold text-white sm:w-fit">
      <Siren className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        {emergencyHelpWords(availability, 'emergency call-outs')}
      </span>
      <CallButton variant="danger" size="sm" className="shrink-0 text-sm">
        Call {phoneText}
      </CallButton>
    </p>
  );
}
