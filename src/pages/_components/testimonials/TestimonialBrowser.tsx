import { testimonialsPath } from '../../../config/routes.ts';
import { buttonClass } from '../../../lib/button.ts';
import type { TestimonialData } from '../../../lib/testimonial-data.ts';
import { TestimonialCard } from '../../../components/sections/TestimonialCard.tsx';
import { filterChoice, filterMatch } from '../../../components/ui/filter-choices.ts';

const services = ['Residential', 'Commercial'] as const;
const choices = [
  { label: 'All services', value: '' },
  ...services.map((service) => ({ label: service, value: service })),
];

/**
 * The reviews with a service-type filter that needs no JavaScript: every review is in the page,
 * the select filters them through CSS (src/components/ui/filter-choices.ts), and each choice's
 * count line and no-results message are written out for CSS to show. Clear Filters submits the
 * form, whose select sends nothing, so without JavaScript the page loads again unfiltered; with it,
 * `shell.ts` resets the form in place instead (`data-reset-in-place`).
 */
export function TestimonialBrowser({ testimonials }: { testimonials: TestimonialData[] }) {
  const shownBy = (index: number) =>
    index === 0
      ? testimonials.length
      : testimonials.filter((testimonial) => testimonial.service === choices[index]!.value).length;

  return (
    <div data-filter="">
      <form
        method="get"
        action={testimonialsPath}
        data-reset-in-place=""
        className="mb-6 flex flex-wrap items-end gap-4"
      >
        <div>
          <label htmlFor="service-filter" className="field-label">
            Service type
          </label>
          <select id="service-filter" defaultValue="" className="field w-[180px]">
            {choices.map(({ label, value }, index) => (
              <option key={value} value={value} {...filterChoice(index)}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ variant: 'outline' })}>
          Clear Filters
        </button>
        <p role="status" className="ml-auto font-semibold text-brand-900">
          {choices.map(({ value }, index) => (
            <span key={value} {...filterMatch([index])}>
              Showing {shownBy(index)} of {testimonials.length} reviews
            </span>
          ))}
        </p>
      </form>
      {choices.map(({ value }, index) =>
        shownBy(index) === 0 ? (
          <p key={value} className="card text-center text-muted" {...filterMatch([index])}>
            No testimonials found with the selected filters.
          </p>
        ) : null,
      )}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li
            key={testimonial.id}
            {...filterMatch([0, choices.findIndex(({ value }) => value === testimonial.service)])}
          >
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </div>
  );
}
