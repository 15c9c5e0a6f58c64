import { useState } from 'react';
import { buttonClass } from '../../../lib/button.ts';
import type { TestimonialData } from '../../../lib/testimonials.ts';
import { TestimonialCard } from '../../../components/sections/TestimonialCard.tsx';

const services = ['Residential', 'Commercial'] as const;

/** The reviews with a service-type filter; without JavaScript every review shows */
export function TestimonialBrowser({ testimonials }: { testimonials: TestimonialData[] }) {
  const [service, setService] = useState('');
  const shown = service ? testimonials.filter((testimonial) => testimonial.service === service) : testimonials;

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="service-filter" className="field-label">
            Service type
          </label>
          <select id="service-filter" value={service} onChange={(event) => setService(event.target.value)} className="field w-[180px]">
            <option value="">All services</option>
            {services.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => setService('')} disabled={!service} className={buttonClass({ variant: 'outline' })}>
          Clear Filters
        </button>
        <p role="status" className="ml-auto font-semibold text-brand-900">
          Showing {shown.length} of {testimonials.length} reviews
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="card text-center text-muted">No testimonials found with the selected filters.</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
