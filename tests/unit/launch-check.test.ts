import { describe, expect, it } from 'vitest';
import { business, type Business } from '../../src/config/business.ts';
import { placeholderProblems, sampleProblems } from '../../src/lib/launch-check.ts';

const realIdentity: Business = {
  ...business,
  name: 'Tamaki Sparks Ltd',
  owner: 'Hemi',
  phone: { display: '09 555 0142', e164: '+6495550142' },
  email: 'office@tamakisparks.co.nz',
  registration: { ...business.registration, number: 'E 123456' },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/tamakisparks' }],
  reviewSite: { name: 'Google reviews', url: 'https://g.page/r/tamakisparks' },
};

describe('launch check', () => {
  it('lists every placeholder the site ships with', () => {
    const problems = placeholderProblems(business, 'https://www.example.com');
    for (const part of ['business name', 'owner', 'phone', 'e-mail', 'EWRB registration', 'site origin', 'Facebook', 'review site']) {
      expect(
        problems.some((problem) => problem.includes(part)),
        part,
      ).toBe(true);
    }
  });

  it('passes a real identity on a real origin', () => {
    expect(placeholderProblems(realIdentity, 'https://www.tamakisparks.co.nz')).toEqual([]);
  });

  it('names each sample entry', () => {
    expect(sampleProblems([{ collection: 'projects', id: 'switchboard-howick' }])).toEqual([
      'projects/switchboard-howick is sample content',
    ]);
  });
});
