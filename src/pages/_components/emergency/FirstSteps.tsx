import { Flame, Power, UtilityPole } from 'lucide-react';
import { business } from '../../../config/business.ts';

const { linesCompany } = business;
const linesPhone = linesCompany.phoneDisplay.replaceAll(' ', '\u00a0');

const steps: { icon: typeof Flame; action: string; detail: string }[] = [
  {
    icon: Flame,
    action: 'Anyone hurt, or a fire? Call 111 first.',
    detail: 'Do not touch anyone who may still be in contact with a live wire or appliance.',
  },
  {
    icon: Power,
    action: 'Turn off the main switch, if you can reach it safely.',
    detail:
      'Keep away if the switchboard is smoking, sparking or burning, or if you are standing in water.',
  },
  {
    icon: UtilityPole,
    action: `Whole street out, or a line down? Call ${linesCompany.name} on ${linesPhone}.`,
    detail: 'Treat every fallen line as live and keep well away from it.',
  },
];

/**
 * The three things to do before anything else, short enough to sit in the emergency page's first two
 * screens on a phone. 111 and the lines company's number stay plain text: every tel: link on the
 * site is counted as a call to the business.
 */
export function FirstSteps() {
  return (
    <section
      aria-labelledby="first-steps-heading"
      className="border-b border-danger-700/20 bg-danger-50"
    >
      <div className="container-page py-8 md:py-10">
        <h2 id="first-steps-heading" className="text-h3 text-danger-800">
          First, make it safe
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map(({ icon: StepIcon, action, detail }) => (
            <li key={detail} className="flex gap-3">
              <StepIcon className="mt-0.5 size-6 shrink-0 text-danger-700" aria-hidden="true" />
              <p>
                <strong className="block text-ink">{action}</strong>
                <span className="text-muted">{detail}</span>
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-4">
          <a href="#safety-heading" className="inline-block py-1 font-semibold">
            More on staying safe while you wait
          </a>
        </p>
      </div>
    </section>
  );
}
