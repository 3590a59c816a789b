/**
 * The lanes' bounds (server/lib/admission.ts): refused past the bound, never queued; the bound
 * starts at the maximum (an idle server takes a burst), shrinks by a tenth toward the floor
 * while admitted requests take longer than TARGET_MS on average, and grows back one slot at a
 * time when they are fast again; lanes are counted apart; 0 is off, negative refuses all.
 */
import { describe, expect, it } from 'vitest';
import { Admission, TARGET_MS } from '../../server/lib/admission';

function lanes(max: number, floor: number, now: () => number) {
  return new Admission({ public: { max, floor }, account: { max: 4, floor: 4 } }, now);
}

describe('Admission', () => {
  it('refuses past the bound at once and takes again when a slot is given back', () => {
    const a = lanes(2, 2, () => 0);
    expect(a.tryEnter('public')).toBe(true);
    expect(a.tryEnter('public')).toBe(true);
    expect(a.tryEnter('public')).toBe(false);
    expect(a.refused.public).toBe(1);
    expect(a.tryEnter('account')).toBe(true); // another lane is counted apart
    a.leave('public', 5);
    expect(a.tryEnter('public')).toBe(true);
  });

  it('an idle server takes a burst up to the maximum', () => {
    const a = lanes(128, 16, () => 0);
    for (let i = 0; i < 128; i++) expect(a.tryEnter('public')).toBe(true);
    expect(a.tryEnter('public')).toBe(false);
  });

  it('slow answers shrink the bound toward the floor; fast ones grow it back', () => {
    let now = 0;
    const a = lanes(128, 16, () => now);
    for (let i = 0; i < 400; i++) {
      now += 100;
      a.tryEnter('public');
      a.leave('public', TARGET_MS * 4);
    }
    expect(a.limit('public')).toBe(16);
    const low = a.limit('public');
    for (let i = 0; i < 400; i++) {
      now += 100;
      a.tryEnter('public');
      a.leave('public', 5);
    }
    expect(a.limit('public')).toBeGreaterThan(low);
    for (let i = 0; i < 400; i++) {
      now += 100;
      a.tryEnter('public');
      a.leave('public', 5);
    }
    expect(a.limit('public')).toBe(128); // never past MAX_CONCURRENT
  });

  it('0 turns the limit off; a negative maximum refuses everything', () => {
    const a = lanes(0, 16, () => 0);
    for (let i = 0; i < 1000; i++) expect(a.tryEnter('public')).toBe(true);
    a.setLimit('public', -1);
    expect(a.tryEnter('public')).toBe(false);
    a.setLimit('public', 128);
    expect(a.limit('public')).toBe(128);
  });
});
