import { ShieldCheck } from 'lucide-react';
import { business } from '../../config/business.ts';
import { cn } from '../../lib/cn.ts';

/** 'EWRB' of 'Electrical Workers Registration Board (EWRB)' */
const registerName =
  /\(([A-Z]+)\)$/.exec(business.registration.body)?.[1] ?? business.registration.body;

/** The registration number beside the licensed-and-insured claim, with the public register to check it on */
export function RegistrationCheck({ className }: { className?: string }) {
  const { number, registerUrl } = business.registration;
  return (
    <p className={cn('flex items-start gap-2', className)}>
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success-700" aria-hidden="true" />
      <span>
        {registerName} registration <strong className="whitespace-nowrap">{number}</strong>.{' '}
        <a href={registerUrl} rel="noopener">
          Check it on the public register
        </a>
      </span>
    </p>
  );
}
