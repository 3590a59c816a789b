/** The compass reading of one orientation event: which events carry a north. */
import { describe, expect, it } from 'vitest';
import { compassHeading } from '../../src/features/map/use-heading';

const event = (init: { alpha: number | null; absolute?: boolean; webkitCompassHeading?: number }) =>
  Object.assign(new Event('deviceorientation'), init);

describe('compassHeading', () => {
  it('reads iOS’s webkitCompassHeading as it is (clockwise from north)', () => {
    expect(compassHeading(event({ alpha: 10, webkitCompassHeading: 270 }))).toBe(270);
  });

  it('turns an absolute alpha (counter-clockwise) into a clockwise heading', () => {
    expect(compassHeading(event({ alpha: 90, absolute: true }))).toBe(270);
    expect(compassHeading(event({ alpha: 0, absolute: true }))).toBe(0);
  });

  it('ignores a relative alpha, which has no north', () => {
    expect(compassHeading(event({ alpha: 90, absolute: false }))).toBeNull();
    expect(compassHeading(event({ alpha: null, absolute: true }))).toBeNull();
  });
});
