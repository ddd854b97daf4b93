import { isAssignableStaff } from './staff';

describe('isAssignableStaff', () => {
  it('is an active contact of groups 1-4', () => {
    expect([1, 2, 3, 4, 5].filter((group_id) => isAssignableStaff({ active: 1, group_id }))).toEqual([1, 2, 3, 4]);
  });

  it('is never a deactivated contact or a missing one', () => {
    expect(isAssignableStaff({ active: 0, group_id: 2 })).toBe(false);
    expect(isAssignableStaff(undefined)).toBe(false);
    expect(isAssignableStaff(null)).toBe(false);
  });
});
