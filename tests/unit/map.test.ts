import { describe, expect, it } from 'vitest';
import { areaPages } from '../../src/config/routes.ts';
import { embedUrl, labelFit, labelPoints, placePoints, suburbPoints } from '../../src/lib/map.ts';

const [hub, first, second] = areaPages;
const slug = (href: string) => href.replace('/areas/', '');

describe('the service-area map', () => {
  it('places the suburbs that give a position, named by their label, and leaves out the hub and the rest', () => {
    const points = suburbPoints([
      { id: slug(hub!.href), data: { kind: 'hub', geo: { latitude: -36.91, longitude: 174.91 } } },
      { id: slug(first!.href), data: { kind: 'suburb', geo: { latitude: -36.92, longitude: 174.93 } } },
      { id: slug(second!.href), data: { kind: 'suburb' } },
      { id: 'electrician-nowhere', data: { kind: 'suburb', geo: { latitude: -36.9, longitude: 174.9 } } },
    ]);
    expect(points).toEqual([{ name: first!.label.split(' & ')[0], href: first!.href, latitude: -36.92, longitude: 174.93 }]);
  });

  it('projects points into the box with the margin, north up', () => {
    const placed = placePoints(
      [
        { name: 'North-west', href: '/a', latitude: -36.8, longitude: 174.8 },
        { name: 'South-east', href: '/b', latitude: -37.0, longitude: 175.0 },
      ],
      1000,
      600,
      100,
    );
    expect(placed.map(({ x, y }) => [x, y])).toEqual([
      [100, 100],
      [900, 500],
    ]);
  });

  it('gives each name a side of its marker where, on the smallest map, it stays inside and clear of the others', () => {
    const labelled = labelPoints([
      { name: 'Howick', href: '/a', x: 67, y: 36 },
      { name: 'Dannemora', href: '/b', x: 51, y: 42 },
      { name: 'Pakuranga', href: '/c', x: 30, y: 53 },
      { name: 'Whitford', href: '/d', x: 86, y: 82 },
    ]);
    const boxes = labelled.map(({ x, y, name, label }) => {
      const width = name.length * labelFit.charWidth * labelFit.fontSize;
      const left = (x / 100) * labelFit.width + label.dx - (label.anchor === 'middle' ? width / 2 : label.anchor === 'end' ? width : 0);
      const baseline = (y / 100) * labelFit.height + label.dy;
      return { left, right: left + width, top: baseline - 1.2 * labelFit.fontSize, bottom: baseline + 0.5 * labelFit.fontSize };
    });
    for (const [index, a] of boxes.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.right).toBeLessThanOrEqual(labelFit.width);
      for (const b of boxes.slice(index + 1)) {
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
      }
    }
    // A name with room above its marker stays there
    expect(labelled[0]!.label.dy).toBeLessThan(0);
  });

  it('frames the points in the embed without a marker, as the business comes to the customer', () => {
    const url = new URL(
      embedUrl([
        { name: 'A', href: '/a', latitude: -36.8, longitude: 174.8 },
        { name: 'B', href: '/b', latitude: -37.0, longitude: 175.0 },
      ]),
    );
    expect(url.searchParams.get('bbox')).toBe('174.7700,-37.0300,175.0300,-36.7700');
    expect(url.searchParams.has('marker')).toBe(false);
  });
});
