/**
 * The visit pack's columns carry each grave's position to 1e-5 degree (within ~1 m): what the
 * server encodes the device reads back, unknown positions stay unknown, and a page stored
 * before positions existed claims none.
 */
import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../src/domain/geo';
import {
  encodePackRecords,
  type PackColumns,
  type PackRecord,
  packRecordAt,
} from '../../src/domain/pack-format';

function rec(n: number, latitude: number | null, longitude: number | null): PackRecord {
  return {
    id: n.toString(16).padStart(24, '0'),
    nome: `Pessoa ${n}`,
    rua: null,
    quadra: '1',
    chapa: String(n),
    dtFal: null,
    image: null,
    thumb: null,
    homenagens: 0,
    latitude,
    longitude,
  };
}

const all = (c: PackColumns) => c.nomes.map((_, i) => packRecordAt(c, i));

describe('pack page positions', () => {
  it('reads back what was encoded, at 1e-5 degree, nulls and both hemispheres', () => {
    const records = [
      rec(1, -23.55052, -46.63331),
      rec(2, null, null),
      rec(3, -23.55053, -46.63329),
      // Half a position is no position.
      rec(4, -23.5, null),
      rec(5, 48.85837, 2.29448),
      rec(6, 0, 0),
    ];
    const page = encodePackRecords(records);
    const back = all(page).map((r) => [r.latitude, r.longitude]);
    expect(back).toEqual([
      [-23.55052, -46.63331],
      [null, null],
      [-23.55053, -46.63329],
      [null, null],
      [48.85837, 2.29448],
      [0, 0],
    ]);
    // Offsets from the page's least latitude and longitude: never negative.
    expect(page.geo0).toEqual([-2_355_053, -4_663_331]);
    expect(page.lat.every((v) => v === null || v >= 0)).toBe(true);
  });

  it('rounds a finer reading to within a metre of the grave', () => {
    const grave = { lat: -23.4987654, lng: -46.5012345 };
    const [r] = all(encodePackRecords([rec(1, grave.lat, grave.lng)]));
    expect(r?.latitude).toBe(-23.49877);
    expect(r?.longitude).toBe(-46.50123);
    const moved = distanceMeters(grave, { lat: r?.latitude ?? 0, lng: r?.longitude ?? 0 });
    expect(moved).toBeLessThan(1);
  });

  it('a page without any known position, and a page stored before positions existed', () => {
    const none = encodePackRecords([rec(1, null, null), rec(2, null, null)]);
    expect(all(none).map((r) => r.latitude)).toEqual([null, null]);
    const { geo0: _g, lat: _a, lng: _b, ...old } = encodePackRecords([rec(1, -23.5, -46.5)]);
    const [r] = all(old);
    expect(r).toMatchObject({ id: rec(1, null, null).id, latitude: null, longitude: null });
  });

  it('decodes offsets below the origin too (a page written by another encoder)', () => {
    const page = encodePackRecords([rec(1, -23.5, -46.5)]);
    const shifted: PackColumns = {
      ...page,
      geo0: [-2_349_990, -4_649_990],
      lat: [-10],
      lng: [-10],
    };
    expect(packRecordAt(shifted, 0)).toMatchObject({ latitude: -23.5, longitude: -46.5 });
  });
});
