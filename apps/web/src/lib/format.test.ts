import { describe, expect, it } from 'vitest';
import { timeIn } from './format.ts';

describe('timeIn', () => {
  it('writes the time in the zone and language given, on one line (no breakable space before AM/PM)', () => {
    // 05:00Z is 08:00 in Riyadh.
    const arabic = timeIn('ar-SA', 'Asia/Riyadh', '2026-11-23T05:00:00.000Z');
    expect(arabic).toContain('ص');
    expect(arabic).not.toContain(' ');
    expect(timeIn('en-US', 'Asia/Riyadh', '2026-11-23T05:00:00.000Z')).toMatch(/^08:00\s?AM$/);
    expect(timeIn('en-US', 'Europe/Rome', '2026-11-23T05:00:00.000Z')).not.toContain(' ');
    expect(timeIn('ar-SA', 'Asia/Riyadh', null)).toBe('');
  });
});
