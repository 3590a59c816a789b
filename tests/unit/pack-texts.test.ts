/** The pack screen's byte labels (src/lib/texts/pack-texts.ts). */
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/lib/texts/pack-texts';

describe('formatBytes', () => {
  it('says kB below a thousand of them, at least 1', () => {
    expect(formatBytes(0)).toBe('1 kB');
    expect(formatBytes(11 * 1024)).toBe('11 kB');
    expect(formatBytes(999 * 1024)).toBe('999 kB');
  });

  it('switches to MB before a four-digit kB ("1.015 kB" read as one kilobyte)', () => {
    expect(formatBytes(1015 * 1024)).toBe('1 MB');
    expect(formatBytes(1.44 * 1024 * 1024)).toBe('1,4 MB');
    expect(formatBytes(98.6 * 1024 * 1024)).toBe('98,6 MB');
  });

  it('says GB from a gibibyte on', () => {
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1,5 GB');
  });
});
