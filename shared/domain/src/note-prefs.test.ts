import { DEFAULT_NOTE_PREFS, parseNotePrefs, serializeNotePrefs } from './note-prefs';

describe('note prefs', () => {
  it('defaults to all off', () => {
    expect(DEFAULT_NOTE_PREFS).toEqual({ sendHourly: false, sendDaily: false, sendWeekly: false });
  });

  it('reads stored JSON', () => {
    expect(parseNotePrefs('{"sendHourly":true,"sendDaily":false,"sendWeekly":true}')).toEqual({
      sendHourly: true, sendDaily: false, sendWeekly: true,
    });
  });

  it.each([undefined, null, 42, '', 'not json', 'null', '[]', '"text"', '{"sendDaily":"true"}'])('is all off for %p', (text) => {
    expect(parseNotePrefs(text)).toEqual(DEFAULT_NOTE_PREFS);
  });

  it('fills missing keys with false and drops unknown ones', () => {
    expect(parseNotePrefs('{"sendDaily":true,"extra":1}')).toEqual({ sendHourly: false, sendDaily: true, sendWeekly: false });
  });

  it('round-trips through serialize', () => {
    const prefs = { sendHourly: false, sendDaily: true, sendWeekly: true };
    expect(parseNotePrefs(serializeNotePrefs(prefs))).toEqual(prefs);
  });

  it('never hands out the shared default object', () => {
    const prefs = parseNotePrefs('bad');
    prefs.sendDaily = true;
    expect(DEFAULT_NOTE_PREFS.sendDaily).toBe(false);
  });
});
