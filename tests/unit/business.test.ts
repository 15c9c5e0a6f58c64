import { describe, expect, it } from 'vitest';
import { business, businessSchema } from '../../src/config/business.ts';
import { emergencyClaim } from '../../src/lib/site-day.ts';

describe('emergencyClaim', () => {
  it('promises round-the-clock help only while the business offers it', () => {
    expect(emergencyClaim('emergency call-outs', { emergency24x7: true })).toBe(
      '24/7 emergency call-outs',
    );
    expect(emergencyClaim('emergency call-outs', { emergency24x7: false })).toBe(
      'Emergency call-outs',
    );
  });
});

describe('the business facts’ web addresses', () => {
  it('are refused when they would run a script or show a data address, and taken as http or https', () => {
    const withAddress = (url: string) => ({
      ...business,
      reviewSite: { ...business.reviewSite, url },
      social: business.social.map((link) => ({ ...link, url })),
    });
    for (const url of [
      'javascript:fetch("/api/owner/leads")',
      'JaVaScRiPt:alert(2)',
      'data:text/html;base64,PHA+',
      'vbscript:x',
    ])
      expect(businessSchema.safeParse(withAddress(url)).success, url).toBe(false);
    expect(businessSchema.safeParse(withAddress('https://www.facebook.com/example')).success).toBe(
      true,
    );
  });
});
