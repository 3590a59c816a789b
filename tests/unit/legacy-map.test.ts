/**
 * The pure parts of npm run import:legacy: Extended JSON (relaxed and canonical) to plain values,
 * and the original app's text fields (dates DD/MM/AAAA, idade as text, images) to Memorial's.
 */
import { describe, expect, it } from 'vitest';
import { fromExtendedJson } from '../../server/modules/legacy/ejson';
import {
  idTime,
  imageNames,
  legacyDate,
  legacyIdade,
} from '../../server/modules/legacy/legacy-map';

describe('fromExtendedJson', () => {
  it('reads the relaxed and the canonical forms alike', () => {
    const relaxed = fromExtendedJson({
      _id: { $oid: '64B0CD000000BB0000000001' },
      n: 45,
      at: { $date: '2024-05-01T12:00:00.000Z' },
    });
    const canonical = fromExtendedJson({
      _id: { $oid: '64b0cd000000bb0000000001' },
      n: { $numberInt: '45' },
      at: { $date: { $numberLong: String(Date.UTC(2024, 4, 1, 12)) } },
    });
    expect(relaxed).toEqual(canonical);
    expect(relaxed).toEqual({
      _id: '64b0cd000000bb0000000001',
      n: 45,
      at: new Date('2024-05-01T12:00:00.000Z'),
    });
    expect(fromExtendedJson({ $numberDouble: '-22.5' })).toBe(-22.5);
    expect(fromExtendedJson({ $numberLong: '9007199254740991' })).toBe(9007199254740991);
  });
});

describe('legacy text fields', () => {
  it('turns the dates typed in the original into ISO dates, and refuses impossible ones', () => {
    expect(legacyDate('05/03/1950')).toEqual({ iso: '1950-03-05', bad: false });
    expect(legacyDate('5/3/1950')).toEqual({ iso: '1950-03-05', bad: false });
    expect(legacyDate('05-03-1950')).toEqual({ iso: '1950-03-05', bad: false });
    expect(legacyDate('1950-03-05')).toEqual({ iso: '1950-03-05', bad: false });
    expect(legacyDate(new Date('1950-03-05T03:00:00Z'))).toEqual({ iso: '1950-03-05', bad: false });
    expect(legacyDate('31/02/1990')).toEqual({ iso: null, bad: true });
    expect(legacyDate('05/03/50')).toEqual({ iso: null, bad: true });
    expect(legacyDate('')).toEqual({ iso: null, bad: false });
    expect(legacyDate(undefined)).toEqual({ iso: null, bad: false });
  });

  it('reads idade as a number from text', () => {
    expect(legacyIdade('45')).toEqual({ idade: 45, bad: false });
    expect(legacyIdade('45 anos')).toEqual({ idade: 45, bad: false });
    expect(legacyIdade(45)).toEqual({ idade: 45, bad: false });
    expect(legacyIdade('abc')).toEqual({ idade: null, bad: true });
    expect(legacyIdade('200')).toEqual({ idade: null, bad: true });
    expect(legacyIdade(null)).toEqual({ idade: null, bad: false });
  });

  it('takes images as a list or one string, without the placeholder or paths', () => {
    expect(imageNames('a.jpg')).toEqual(['a.jpg']);
    expect(imageNames(['a.jpg', 'sepultura-padrao.png', '../x.jpg', 'a.jpg', 'b.png'])).toEqual([
      'a.jpg',
      'b.png',
    ]);
    expect(imageNames(null)).toEqual([]);
  });

  it('knows when an ObjectId was made', () => {
    expect(idTime('64b0cd000000bb0000000001')).toEqual(new Date(0x64b0cd00 * 1000));
  });
});
