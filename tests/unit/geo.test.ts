import { describe, expect, it } from 'vitest';
import {
  arrivalRadius,
  arrowRotation,
  averageReadings,
  bearingDegrees,
  distanceMeters,
  formatCoordinate,
  formatDistance,
  graveDirections,
  hasArrived,
  isPoorAccuracy,
  normalizeDegrees,
  toLatLng,
  validateBounds,
} from '../../src/domain/geo';

// Land's End → John o' Groats, the worked example of Movable Type's "Calculate distance,
// bearing and more between Latitude/Longitude points": 968.9 km, initial bearing 009°07′11″.
const LANDS_END = { lat: 50 + 3 / 60 + 59 / 3600, lng: -(5 + 42 / 60 + 53 / 3600) };
const JOHN_O_GROATS = { lat: 58 + 38 / 60 + 38 / 3600, lng: -(3 + 4 / 60 + 12 / 3600) };

describe('distance (haversine)', () => {
  it('matches the published Land’s End → John o’ Groats figure', () => {
    expect(distanceMeters(LANDS_END, JOHN_O_GROATS) / 1000).toBeCloseTo(968.9, 0);
  });

  it('one degree of latitude is about 111.2 km, anywhere', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ lat: -23, lng: -46 }, { lat: -22, lng: -46 })).toBeCloseTo(111_195, -1);
  });

  it('a degree of longitude shrinks with the cosine of the latitude', () => {
    const atEquator = distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 });
    const at60 = distanceMeters({ lat: 60, lng: 0 }, { lat: 60, lng: 1 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
  });

  it('measures the few metres of a cemetery path', () => {
    const grave = { lat: -23.5505, lng: -46.6333 };
    expect(distanceMeters(grave, { lat: -23.5504, lng: -46.6333 })).toBeCloseTo(11.12, 1);
    expect(distanceMeters(grave, grave)).toBe(0);
  });

  it('is symmetric', () => {
    const a = { lat: -23.55, lng: -46.63 };
    const b = { lat: -22.9, lng: -43.17 };
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });
});

describe('initial bearing', () => {
  it('matches the published 009°07′11″', () => {
    expect(bearingDegrees(LANDS_END, JOHN_O_GROATS)).toBeCloseTo(9 + 7 / 60 + 11 / 3600, 3);
  });

  it('gives the cardinal directions', () => {
    const o = { lat: -23.5505, lng: -46.6333 };
    expect(bearingDegrees(o, { lat: -23.55, lng: -46.6333 })).toBeCloseTo(0, 6);
    expect(bearingDegrees(o, { lat: -23.5505, lng: -46.633 })).toBeCloseTo(90, 3);
    expect(bearingDegrees(o, { lat: -23.551, lng: -46.6333 })).toBeCloseTo(180, 6);
    expect(bearingDegrees(o, { lat: -23.5505, lng: -46.634 })).toBeCloseTo(270, 3);
  });

  it('turns the arrow by the heading, and keeps angles in [0, 360)', () => {
    expect(arrowRotation(90, null)).toBe(90);
    expect(arrowRotation(90, 90)).toBe(0);
    expect(arrowRotation(10, 350)).toBe(20);
    expect(arrowRotation(350, 10)).toBe(340);
    expect(normalizeDegrees(-90)).toBe(270);
    expect(normalizeDegrees(720)).toBe(0);
  });
});

describe('averaging GPS readings', () => {
  it('weights by 1/accuracy²: a ±5 m fix outweighs a ±20 m one 16 to 1', () => {
    const avg = averageReadings([
      { lat: 0, lng: 0, accuracy: 5 },
      { lat: 17, lng: 17, accuracy: 20 },
    ]);
    expect(avg?.lat).toBeCloseTo(1, 9);
    expect(avg?.lng).toBeCloseTo(1, 9);
  });

  it('equal accuracies give the plain mean', () => {
    const avg = averageReadings([
      { lat: -23.5, lng: -46.6, accuracy: 10 },
      { lat: -23.6, lng: -46.7, accuracy: 10 },
    ]);
    expect(avg?.lat).toBeCloseTo(-23.55, 9);
    expect(avg?.lng).toBeCloseTo(-46.65, 9);
  });

  it('reports the best reading’s accuracy, not an optimistic combined error', () => {
    const five = Array.from({ length: 5 }, () => ({ lat: 1, lng: 1, accuracy: 10 }));
    expect(averageReadings(five)?.accuracy).toBe(10);
    const mixed = averageReadings([
      { lat: 1, lng: 1, accuracy: 30 },
      { lat: 1, lng: 1, accuracy: 40 },
    ]);
    // 1/√(1/30² + 1/40²) would claim ±24 m; correlated GPS errors do not shrink like that.
    expect(mixed?.accuracy).toBe(30);
  });

  it('ignores unusable readings, and answers null when none is left', () => {
    expect(
      averageReadings([
        { lat: 2, lng: 2, accuracy: 8 },
        { lat: 99, lng: 2, accuracy: 1 },
        { lat: 5, lng: 5, accuracy: 0 },
        { lat: 5, lng: 5, accuracy: Number.NaN },
      ]),
    ).toEqual({ lat: 2, lng: 2, accuracy: 8 });
    expect(averageReadings([])).toBeNull();
    expect(averageReadings([{ lat: 1, lng: 1, accuracy: -3 }])).toBeNull();
  });

  it('flags an accuracy worse than 20 m', () => {
    expect(isPoorAccuracy(20)).toBe(false);
    expect(isPoorAccuracy(20.5)).toBe(true);
    expect(isPoorAccuracy(Number.NaN)).toBe(true);
  });
});

describe('arrival', () => {
  it('is within the fix accuracy, bounded to 5–30 m', () => {
    expect(hasArrived(8, 10)).toBe(true);
    expect(hasArrived(12, 10)).toBe(false);
    expect(arrivalRadius(2)).toBe(5);
    expect(hasArrived(4, 2)).toBe(true);
    expect(arrivalRadius(80)).toBe(30);
    expect(hasArrived(50, 80)).toBe(false);
  });
});

describe('coordinates and bounds', () => {
  it('reads a record’s coordinates only when both are valid', () => {
    expect(toLatLng(-23.5, -46.6)).toEqual({ lat: -23.5, lng: -46.6 });
    expect(toLatLng('-23.5', '-46.6')).toEqual({ lat: -23.5, lng: -46.6 });
    expect(toLatLng(null, -46.6)).toBeNull();
    expect(toLatLng(91, 0)).toBeNull();
    expect(toLatLng(0, 181)).toBeNull();
  });

  it('validates a plan’s corners', () => {
    const ok = { south: -23.56, west: -46.64, north: -23.55, east: -46.63 };
    expect(validateBounds(ok)).toBeNull();
    expect(validateBounds({ ...ok, south: -91 })?.field).toBe('south');
    expect(validateBounds({ ...ok, east: 200 })?.field).toBe('east');
    expect(validateBounds({ ...ok, north: 'x' })?.field).toBe('north');
    expect(validateBounds({ ...ok, south: -23.5 })?.message).toMatch(/sul deve ser menor/);
    expect(validateBounds({ ...ok, west: -46.6 })?.message).toMatch(/oeste deve ser menor/);
  });
});

describe('texts', () => {
  it('writes the record’s directions without repeating words', () => {
    expect(graveDirections({ rua: '3', quadra: '12', chapa: '0458' })).toBe(
      'Rua 3 → Quadra 12 → Placa 0458',
    );
    expect(graveDirections({ rua: 'Rua das Flores', quadra: '12', chapa: '7' })).toBe(
      'Rua das Flores → Quadra 12 → Placa 7',
    );
    expect(graveDirections({ rua: null, quadra: '4', chapa: '' })).toBe('Quadra 4');
  });

  it('formats distances in pt-BR', () => {
    expect(formatDistance(42.4)).toBe('42 m');
    expect(formatDistance(1234)).toBe('1,2 km');
  });
});

describe('formatCoordinate', () => {
  it('shows a coordinate without floating-point noise', () => {
    expect(formatCoordinate(-43.502300000000005)).toBe('-43.5023');
    expect(formatCoordinate(-20.387)).toBe('-20.387');
    expect(formatCoordinate(-43.12345678)).toBe('-43.1234568');
    expect(formatCoordinate(0)).toBe('0');
  });
});
