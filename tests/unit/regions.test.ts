import { describe, expect, it } from 'vitest';
import { areasByRegion, listOfRegions } from '../../src/lib/regions.ts';

const pages = [
  { label: 'Hub', href: '/areas/hub' },
  { label: 'Inland', href: '/areas/inland' },
  { label: 'Across the river', href: '/areas/across' },
  { label: 'Next door', href: '/areas/next-door' },
  { label: 'The bays', href: '/areas/bays' },
];

describe('areas by region', () => {
  it("groups the route table's area pages in its order, each region where its first page comes", () => {
    const groups = areasByRegion(
      [
        { id: 'bays', data: { region: 'Auckland Central' } },
        { id: 'next-door', data: { region: 'East Auckland' } },
        { id: 'across', data: { region: 'South Auckland' } },
        { id: 'inland', data: { region: 'East Auckland' } },
        { id: 'hub', data: { region: 'East Auckland' } },
        { id: 'not-a-page', data: { region: 'South Auckland' } },
      ],
      pages,
    );
    expect(groups).toEqual([
      { region: 'East Auckland', links: [pages[0], pages[1], pages[3]] },
      { region: 'South Auckland', links: [pages[2]] },
      { region: 'Auckland Central', links: [pages[4]] },
    ]);
  });

  it('names the regions as a list', () => {
    expect(listOfRegions([{ region: 'East Auckland' }])).toBe('East Auckland');
    expect(listOfRegions([{ region: 'East Auckland' }, { region: 'South Auckland' }])).toBe(
      'East Auckland and South Auckland',
    );
    expect(
      listOfRegions([
        { region: 'East Auckland' },
        { region: 'South Auckland' },
        { region: 'Auckland Central' },
      ]),
    ).toBe('East Auckland, South Auckland and Auckland Central');
  });
});
