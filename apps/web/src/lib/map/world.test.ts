import { describe, expect, it } from 'vitest';
import { unwrapLongitudes } from './world.ts';

describe('unwrapLongitudes', () => {
  it('continues past ±180° instead of jumping around the world', () => {
    expect(
      unwrapLongitudes([
        [178, 65],
        [-180, 65],
        [-175, 66],
        [179, 66],
      ]),
    ).toEqual([
      [178, 65],
      [180, 65],
      [185, 66],
      [179, 66],
    ]);
    expect(
      unwrapLongitudes([
        [-179, -16],
        [179.4, -16.8],
        [178, -17],
      ]),
    ).toEqual([
      [-179, -16],
      [-180.6, -16.8],
      [-182, -17],
    ]);
  });

  it('leaves ordinary lines alone', () => {
    const line = [
      [10, 45],
      [12, 46],
      [-5, 40],
    ];
    expect(unwrapLongitudes(line)).toEqual(line);
  });
});
