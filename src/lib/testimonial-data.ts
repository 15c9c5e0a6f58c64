import type { TestimonialEntry } from './content.ts';

/** A review as the cards show it */
export interface TestimonialData {
  id: string;
  quote: string;
  author: string;
  rating: number;
  service: 'Residential' | 'Commercial';
  suburb: string;
  job: string;
}

export function testimonialData(entries: readonly TestimonialEntry[]): TestimonialData[] {
  return entries.map((entry) => ({ id: entry.id, ...entry.data }));
}
