/**
 * The lanes' bounds (server/lib/admission.ts): refused past the bound, never queued; the bound
 * follows what the server completed in the last second (as many as finish in TARGET_MS), between
 * the lane's floor and its maximum; lanes are counted apart; 0 is off, negative refuses all.
 */
import { describe, expect, it } from 'vitest';
import { Admission, TARGET_MS } from '../../server/lib/admission';

function lanes(max: number, floor: number, now: () => number) {
  return new Admission({ public: { max, floor }, account: { max: 4, floor: 4 } }, now);
}

function complete(a: Admission, n: number) {
  for (let i = 0; i < n; i++) {
    expect(a.tryEnter('public')).toBe(true);
    a.leave('public');
  }
}

describe('Admission', () => {
  it('refuses past the bound at once and takes again when a slot is given back', () => {
    const a = lanes(128, 2, () => 0);
    expect(a.tryEnter('public')).toBe(true);
    expect(a.tryEnter('public')).toBe(true);
    expect(a.tryEnter('public')).toBe(false);
    expect(a.refused.public).toBe(1);
    // Another lane is counted apart.
    expect(a.tryEnter('account')).toBe(true);
    a.leave('public');
    expect(a.tryEnter('public')).toBe(true);
  });

  it('the bound follows the last second’s completions, between the floor and the maximum', () => {
    let now = 10_000;
    const a = lanes(128, 16, () => now);
    expect(a.limit('public')).toBe(16); // nothing done yet: the floor
    complete(a, 400);
    expect(a.limit('public')).toBe(Math.ceil((400 * TARGET_MS) / 1000)); // 60
    complete(a, 2000);
    expect(a.limit('public')).toBe(128); // never past MAX_CONCURRENT
    now += 1_250; // a quiet second later: back to the floor
    expect(a.limit('public')).toBe(16);
  });

  it('0 turns the limit off; a negative maximum refuses everything', () => {
    const a = lanes(0, 16, () => 0);
    for (let i = 0; i < 1000; i++) expect(a.tryEnter('public')).toBe(true);
    a.setLimit('public', -1);
    expect(a.tryEnter('public')).toBe(false);
    const b = lanes(-1, 16, () => 0);
    expect(b.tryEnter('public')).toBe(false);
  });
});
