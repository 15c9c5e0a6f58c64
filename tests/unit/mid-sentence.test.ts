import { describe, expect, it } from 'vitest';
import { midSentence } from '../../src/lib/mid-sentence.ts';

describe('a title inside a sentence', () => {
  it('keeps acronyms in capitals and lowers the other words', () => {
    expect(midSentence('LED Lighting Installation')).toBe('LED lighting installation');
    expect(midSentence('TV Mounting')).toBe('TV mounting');
    expect(midSentence('Home EV Charger Installation')).toBe('home EV charger installation');
    expect(midSentence('Commercial LED Lighting')).toBe('commercial LED lighting');
  });

  it('keeps numbers, hyphens and ampersands as they are', () => {
    expect(midSentence('24/7 Emergency Electrician')).toBe('24/7 emergency electrician');
    expect(midSentence('Three-Phase Power')).toBe('three-phase power');
    expect(midSentence('Kitchen & Bathroom Wiring')).toBe('kitchen & bathroom wiring');
  });

  it('lowers a single capital letter, which is a word starting, not an acronym', () => {
    expect(midSentence('A Switchboard')).toBe('a switchboard');
  });
});
