import { describe, expect, it } from 'vitest';
import { buttonClass } from '../../src/lib/button.ts';

describe('buttonClass', () => {
  it('gives the base class and the variant, and nothing else at the default size', () => {
    expect(buttonClass({ variant: 'accent' })).toBe('btn btn-accent');
  });

  it('adds the size, the full width and extra classes in that order', () => {
    expect(buttonClass({ variant: 'outline', size: 'sm', block: true }, 'mt-4')).toBe(
      'btn btn-outline min-h-11 px-4 py-2 w-full mt-4',
    );
    expect(buttonClass({ variant: 'danger', size: 'lg' })).toBe('btn btn-danger text-xl');
  });
});
