import { isUnsubscribeKind, notePrefsWithout, unsubscribeReason } from './mail-unsubscribe';

describe('mail unsubscribe', () => {
  it('turns off only the kind it names', () => {
    const all = { sendHourly: true, sendDaily: true, sendWeekly: true };
    expect(notePrefsWithout(all, ['daily'])).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: true });
    expect(notePrefsWithout(all, ['hourly', 'weekly'])).toEqual({ sendHourly: false, sendDaily: true, sendWeekly: false });
    expect(all.sendDaily).toBe(true);
  });

  it('knows the digest kinds and nothing else', () => {
    expect(['hourly', 'daily', 'weekly'].every(isUnsubscribeKind)).toBe(true);
    expect(['monthly', '', 'sendHourly', 1, null].some(isUnsubscribeKind)).toBe(false);
  });

  it('says why the mail comes, naming the switch the reader sees', () => {
    expect(unsubscribeReason('weekly')).toBe('You get this e-mail because you switched on "Send weekly" under "E-mail me my notifications".');
  });
});
