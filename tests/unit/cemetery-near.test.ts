/** The visit pack's offer by proximity: distance to a cemetery's area or entrance, nearest first. */
import { describe, expect, it } from 'vitest';
import { distanceToCemetery, nearestFirst } from '../../src/domain/cemetery-near';

const saudade = {
  id: 's',
  bounds: { south: -23.56, west: -46.66, north: -23.55, east: -46.65 },
  latitude: null,
  longitude: null,
};
const joao = { id: 'j', bounds: null, latitude: -23.6, longitude: -46.7 };
const nowhere = { id: 'n', bounds: null, latitude: null, longitude: null };

describe('cemetery proximity', () => {
  it('is 0 inside the bounds, the distance to the nearest edge outside, else to the entrance', () => {
    expect(distanceToCemetery({ lat: -23.555, lng: -46.655 }, saudade)).toBe(0);
    const north = distanceToCemetery({ lat: -23.54, lng: -46.655 }, saudade) ?? 0;
    expect(north).toBeGreaterThan(1100);
    expect(north).toBeLessThan(1120);
    expect(distanceToCemetery({ lat: -23.6, lng: -46.7 }, joao)).toBe(0);
    expect(distanceToCemetery({ lat: 0, lng: 0 }, nowhere)).toBeNull();
  });

  it('orders nearest first, the unplaced last in their order; without a position, as given', () => {
    const list = [nowhere, saudade, joao];
    expect(nearestFirst(list, { lat: -23.599, lng: -46.699 }).map((r) => r.cemetery.id)).toEqual([
      'j',
      's',
      'n',
    ]);
    expect(nearestFirst(list, null).map((r) => [r.cemetery.id, r.distance])).toEqual([
      ['n', null],
      ['s', null],
      ['j', null],
    ]);
  });
});
