import { Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import { business, mailHref, phoneText, telHref } from '../../config/business.ts';
import { availability, hoursText } from '../../lib/site-day.ts';
import { cn } from '../../lib/cn.ts';

interface Props {
  /** Icons and links in brand blue on light backgrounds, amber and white on dark ones */
  tone?: 'light' | 'dark';
  /** Opening hours and the emergency line, for the fuller lists */
  withHours?: boolean;
  className?: string;
}

/** Phone, e-mail, hours and service area: the one list every contact block shows */
export function ContactDetails({ tone = 'light', withHours = false, className }: Props) {
  const icon = cn('size-5 shrink-0', tone === 'dark' ? 'text-accent-400' : 'text-brand-700');
  const link = cn('font-semibold break-all', tone === 'dark' && 'text-white');
  return (
    <ul className={cn('space-y-3', className)}>
      <li className="flex items-center gap-3">
        <Phone className={icon} aria-hidden="true" />
        <a href={telHref} className={link}>
          {phoneText}
        </a>
      </li>
      <li className="flex items-center gap-3">
        <Mail className={icon} aria-hidden="true" />
        <a href={mailHref} className={link}>
          {business.email}
        </a>
      </li>
      {withHours && (
        <>
          <li className="flex gap-3">
            <Clock className={icon} aria-hidden="true" />
            <span>
              {hoursText.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </span>
          </li>
          {availability.emergency24x7 && (
            <li className="flex gap-3">
              <Siren className={icon} aria-hidden="true" />
              <span>Emergencies: 24 hours, 7 days</span>
            </li>
          )}
        </>
      )}
      <li className="flex items-center gap-3">
        <MapPin className={icon} aria-hidden="true" />
        <span>Serving {business.serviceArea.summary}</span>
      </li>
    </ul>
  );
}
