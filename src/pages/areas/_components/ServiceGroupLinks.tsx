import { emergencyPath, servicePath } from '../../../config/routes.ts';
import { buttonClass } from '../../../lib/button.ts';

/** The three links every area page offers into the services */
export function ServiceGroupLinks() {
  return (
    <p className="flex flex-wrap gap-3">
      <a href={servicePath('residential')} className={buttonClass({ variant: 'outline' })}>
        Residential services
      </a>
      <a href={servicePath('commercial')} className={buttonClass({ variant: 'outline' })}>
        Commercial services
      </a>
      <a
        href={emergencyPath}
        className={buttonClass({ variant: 'outline' }, 'border-danger-700 text-danger-800')}
      >
        Emergency electrician
      </a>
    </p>
  );
}
