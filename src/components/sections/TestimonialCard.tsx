import { Quote } from 'lucide-react';
import type { TestimonialData } from '../../lib/testimonial-data.ts';
import { Stars } from '../ui/Stars.tsx';

/** A review: the words, the stars, who said it and what the job was */
export function TestimonialCard({ testimonial }: { testimonial: TestimonialData }) {
  return (
    <figure className="card flex h-full flex-col">
      <div className="flex items-center justify-between">
        <Stars rating={testimonial.rating} />
        <Quote className="size-7 text-brand-100" aria-hidden="true" />
      </div>
      <blockquote className="mt-4 flex-1 text-ink">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-5 border-t border-line pt-4">
        <span className="block font-bold text-brand-900">
          {testimonial.author}, {testimonial.suburb}
        </span>
        <span className="text-sm text-muted">
          {testimonial.job} · {testimonial.service}
        </span>
      </figcaption>
    </figure>
  );
}
