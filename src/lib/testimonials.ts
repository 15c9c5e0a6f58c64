import type { TestimonialData } from '../components/sections/TestimonialCard.tsx';
import type { TestimonialEntry } from './content.ts';

export function testimonialData(entries: readonly TestimonialEntry[]): TestimonialData[] {
  return entries.map((entry) => ({ id: entry.id, ...entry.data }));
}
