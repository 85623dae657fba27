import { describe, expect, it } from 'vitest';
import { countLabel } from './cluster-count.ts';

describe('countLabel', () => {
  it('writes a cluster’s count in the interface’s digits', () => {
    expect(countLabel('12', 'ar-SA')).toBe('١٢');
    expect(countLabel('12', 'en-US')).toBe('12');
    expect(countLabel('1.2k', 'en-US')).toBe('1.2K');
    expect(countLabel('1.2k', 'ar-SA')).toMatch(/^١٫٢/u);
    expect(countLabel('15k', 'zh-Hans-CN')).toBe('1.5万');
  });
});
