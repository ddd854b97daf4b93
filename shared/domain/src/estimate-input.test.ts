import { ESTIMATE_HOUR_OPTIONS, ESTIMATE_MINUTE_OPTIONS, estimateInputFromUnits, estimateUnitsFromInput } from './estimate-input';

describe('estimate input', () => {
  it('offers hours 0 to 8 and minutes 0 to 54 in steps of 6', () => {
    expect(ESTIMATE_HOUR_OPTIONS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ESTIMATE_MINUTE_OPTIONS[ESTIMATE_MINUTE_OPTIONS.length - 1]).toBe(54);
  });

  it('turns hours and minutes into units', () => {
    expect(estimateUnitsFromInput(2, 30)).toBe(25);
    expect(estimateUnitsFromInput(8, 54)).toBe(89);
    expect(estimateUnitsFromInput(0, 0)).toBe(0);
  });

  it('clamps a negative total to 0', () => {
    expect(estimateUnitsFromInput(-1, 0)).toBe(0);
    expect(estimateUnitsFromInput(0, -6)).toBe(0);
    expect(estimateUnitsFromInput(Number.NaN, -30)).toBe(0);
  });

  it('pulls out-of-range parts to the nearest allowed value', () => {
    expect(estimateUnitsFromInput(9, 0)).toBe(80);
    expect(estimateUnitsFromInput(1, 59)).toBe(19);
    expect(estimateUnitsFromInput(1, 7)).toBe(11);
  });

  it('shows stored units as hours and minutes', () => {
    expect(estimateInputFromUnits(25)).toEqual({ hours: 2, minutes: 30 });
    expect(estimateInputFromUnits(-4)).toEqual({ hours: 0, minutes: 0 });
  });
});
