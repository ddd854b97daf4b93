import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { VERIFY_CODE_VALID_MS } from './registration';
import { isUnclaimedContact, type ContactClaim } from './unclaimed-contact';

const NOW = new Date('2026-12-06T12:00:00.000Z');
const longAgo = new Date(NOW.getTime() - VERIFY_CODE_VALID_MS - 1).toISOString();
const unconfirmed: ContactClaim = { group_id: GROUP_CLIENT, verified: '0', date_created: longAgo, hasLiveCode: false, hasSession: false };

describe('isUnclaimedContact', () => {
  it('lets go of a client who never used a link, once every link has expired', () => {
    expect(isUnclaimedContact(unconfirmed, NOW)).toBe(true);
  });

  it('keeps the address while the welcome link works, or a later link, or a session', () => {
    expect(isUnclaimedContact({ ...unconfirmed, date_created: new Date(NOW.getTime() - VERIFY_CODE_VALID_MS + 1000).toISOString() }, NOW)).toBe(false);
    expect(isUnclaimedContact({ ...unconfirmed, hasLiveCode: true }, NOW)).toBe(false);
    expect(isUnclaimedContact({ ...unconfirmed, hasSession: true }, NOW)).toBe(false);
  });

  it('never lets go of a confirmed contact, an older row without the flag, staff, or an unreadable date', () => {
    expect(isUnclaimedContact({ ...unconfirmed, verified: '1' }, NOW)).toBe(false);
    expect(isUnclaimedContact({ ...unconfirmed, verified: null }, NOW)).toBe(false);
    expect(isUnclaimedContact({ ...unconfirmed, group_id: GROUP_ADMIN }, NOW)).toBe(false);
    expect(isUnclaimedContact({ ...unconfirmed, date_created: 'soon' }, NOW)).toBe(false);
  });
});
