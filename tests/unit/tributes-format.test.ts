import { describe, expect, it } from 'vitest';
import { formatTributeDate } from '../../src/features/tributes/tribute-format';

describe('tribute date', () => {
  it('shows dd/MM/yyyy HH:mm in 24 h', () => {
    expect(formatTributeDate('2025-05-01T18:05:00.000Z', 'UTC')).toBe('01/05/2025 18:05');
    expect(formatTributeDate('2025-12-31T00:00:59.999Z', 'UTC')).toBe('31/12/2025 00:00');
  });

  it('uses the time zone it is given (the device zone by default)', () => {
    // 02:30 UTC is still the evening before in São Paulo (UTC-3).
    expect(formatTributeDate('2025-05-02T02:30:00.000Z', 'America/Sao_Paulo')).toBe(
      '01/05/2025 23:30',
    );
    expect(formatTributeDate('2025-05-02T02:30:00.000Z')).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
  });

  it("the device zone's date is the one Intl gives in that zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const iso of [
      '2025-05-02T02:30:00.000Z',
      '2025-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '2016-02-21T02:15:00.000Z',
      '1999-07-09T12:07:00.000Z',
    ]) {
      expect(formatTributeDate(iso)).toBe(formatTributeDate(iso, zone));
    }
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatTributeDate('ontem')).toBe('');
  });
});
