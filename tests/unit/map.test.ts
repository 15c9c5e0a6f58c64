import { describe, expect, it } from 'vitest';
import { areaPages } from '../../src/config/routes.ts';
import { embedUrl, labelFit, labelPoints, placePoints, suburbPoints } from '../../src/lib/map.ts';

const [hub, first, second] = areaPages;
const slug = (href: string) => href.replace('/areas/', '');

describe('the service-area map', () => {
  it('places every suburb page of the route table, named by its label, and leaves out the hub and pages it does not list', () => {
    const points = suburbPoints([
      { id: slug(hub!.href), data: { kind: 'hub', geo: { latitude: -36.91, longitude: 174.91 } } },
      {
        id: slug(first!.href),
        data: { kind: 'suburb', geo: { latitude: -36.92, longitude: 174.93 } },
      },
      {
        id: slug(second!.href),
        data: { kind: 'suburb', geo: { latitude: -36.95, longitude: 174.95 } },
      },
      {
        id: 'electrician-nowhere',
        data: { kind: 'suburb', geo: { latitude: -36.9, longitude: 174.9 } },
      },
    ]);
    expect(points).toEqual([
      {
        name: first!.label.split(' & ')[0],
        href: first!.href,
        latitude: -36.92,
        longitude: 174.93,
      },
      {
        name: second!.label.split(' & ')[0],
        href: second!.href,
        latitude: -36.95,
        longitude: 174.95,
      },
    ]);
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

  /** Each name's box on the smallest map, checked inside the map and clear of the other names and markers */
  function expectClear(
    labelled: ReturnType<typeof labelPoints<{ name: string; href: string; x: number; y: number }>>,
  ) {
    const at = (point: { x: number; y: number }) =>
      [(point.x / 100) * labelFit.width, (point.y / 100) * labelFit.height] as const;
    const boxes = labelled.map((point) => {
      const { name, label } = point;
      const [x, y] = at(point);
      const width = name.length * labelFit.charWidth * labelFit.fontSize;
      const left =
        x + label.dx - (label.anchor === 'middle' ? width / 2 : label.anchor === 'end' ? width : 0);
      const baseline = y + label.dy;
      return {
        left,
        right: left + width,
        top: baseline - 1.2 * labelFit.fontSize,
        bottom: baseline + 0.5 * labelFit.fontSize,
      };
    });
    const r = labelFit.markerRadius;
    const markers = labelled.map((point) => {
      const [x, y] = at(point);
      return { left: x - r, right: x + r, top: y - r, bottom: y + r };
    });
    const apart = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
      a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
    for (const [index, a] of boxes.entries()) {
      const name = labelled[index]!.name;
      expect(a.left, name).toBeGreaterThanOrEqual(0);
      expect(a.right, name).toBeLessThanOrEqual(labelFit.width);
      expect(a.top, name).toBeGreaterThanOrEqual(0);
      expect(a.bottom, name).toBeLessThanOrEqual(labelFit.height);
      for (const b of boxes.slice(index + 1)) expect(apart(a, b), name).toBe(true);
      for (const [other, marker] of markers.entries())
        if (other !== index) expect(apart(a, marker), `${name} on a marker`).toBe(true);
    }
  }

  it('gives each name a side of its marker where, on the smallest map, it stays inside and clear of the others', () => {
    const labelled = labelPoints([
      { name: 'Howick', href: '/a', x: 67, y: 36 },
      { name: 'Dannemora', href: '/b', x: 51, y: 42 },
      { name: 'Pakuranga', href: '/c', x: 30, y: 53 },
      { name: 'Whitford', href: '/d', x: 86, y: 82 },
    ]);
    expectClear(labelled);
    // A name with room above its marker stays there
    expect(labelled[0]!.label.dy).toBeLessThan(0);
  });

  it('puts a name boxed in on all four sides by close neighbours off a corner of its marker', () => {
    // Dannemora beside Botany, with East Tāmaki below and Whitford to the right, as on the home page
    const labelled = labelPoints([
      { name: 'Botany', href: '/a', x: 56, y: 74 },
      { name: 'East Tāmaki', href: '/b', x: 48, y: 86 },
      { name: 'Whitford', href: '/c', x: 86, y: 82 },
      { name: 'Dannemora', href: '/d', x: 64, y: 79 },
    ]);
    expectClear(labelled);
    expect(labelled[3]!.label.dx).not.toBe(0);
    expect(Math.abs(labelled[3]!.label.dx)).toBeLessThan(18);
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
