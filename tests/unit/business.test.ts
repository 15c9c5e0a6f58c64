import { describe, expect, it } from 'vitest';
import { emergencyClaim } from '../../src/config/business.ts';

describe('emergencyClaim', () => {
  it('promises round-the-clock help only while the business offers it', () => {
    expect(emergencyClaim('emergency call-outs', { emergency24x7: true })).toBe('24/7 emergency call-outs');
    expect(emergencyClaim('emergency call-outs', { emergency24x7: false })).toBe('Emergency call-outs');
  });
});
