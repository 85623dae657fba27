import { describe, expect, it } from 'vitest';
import { scheduleCron } from '@lbs/contracts';
import { describeCron } from './describe-cron.ts';

describe('describeCron', () => {
  it('says a weekly schedule in words in each language', () => {
    const cron = scheduleCron({ preset: 'weekly', weekday: 1, time: '07:00' });
    expect(cron).toBe('0 7 * * 1');
    expect(describeCron(cron, 'en-US')).toBe('At 07:00, only on Monday');
    expect(describeCron(cron, 'ar-SA')).toContain('الإثنين');
    expect(describeCron(cron, 'zh-Hans-CN')).toContain('星期一');
    expect(describeCron(cron, 'it-IT')).toMatch(/luned/i);
    expect(describeCron(cron, 'fr-FR')).toMatch(/lundi/i);
    expect(describeCron(cron, 'es')).toMatch(/lunes/i);
  });

  it('reads Sunday, the last day of the month and a daily time', () => {
    expect(describeCron(scheduleCron({ preset: 'weekly', weekday: 7, time: '18:30' }), 'en-US')).toBe(
      'At 18:30, only on Sunday',
    );
    expect(describeCron(scheduleCron({ preset: 'monthly', monthDay: 'last', time: '06:00' }), 'en-US')).toBe(
      'At 06:00, on the last day of the month',
    );
    expect(describeCron(scheduleCron({ preset: 'monthly', monthDay: 15, time: '06:00' }), 'en-US')).toBe(
      'At 06:00, on day 15 of the month',
    );
    expect(describeCron(scheduleCron({ preset: 'daily', time: '02:30' }), 'en-US')).toBe('At 02:30');
  });
});
