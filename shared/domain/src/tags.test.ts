import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { MESSAGES } from './messages';
import type { Viewer } from './policy';
import {
  canManageTags, canSeeTags, canTagTickets, matchesTagFilter, normaliseTagName, parseTagFilter, suggestTags, tagKey, tagNameProblem,
} from './tags';

const viewer = (groupId: number): Viewer => ({ contactId: 1, groupId, companyIds: [], primaryCompanyIds: [] });

describe('tag permissions', () => {
  it('lets staff see and add tags, admins manage them, and clients do neither', () => {
    expect(canSeeTags(viewer(2))).toBe(true);
    expect(canTagTickets(viewer(2))).toBe(true);
    expect(canManageTags(viewer(2))).toBe(false);
    expect(canManageTags(viewer(GROUP_ADMIN))).toBe(true);
    expect(canSeeTags(viewer(GROUP_CLIENT))).toBe(false);
    expect(canTagTickets(viewer(GROUP_CLIENT))).toBe(false);
    expect(canManageTags(viewer(GROUP_CLIENT))).toBe(false);
  });
});

describe('tag names', () => {
  it('trims and joins white space, and compares ignoring case', () => {
    expect(normaliseTagName('  waiting   on\thost ')).toBe('waiting on host');
    expect(tagKey(' VIP ')).toBe(tagKey('vip'));
  });

  it('refuses an empty name, one over 40 characters and one with a comma', () => {
    expect(tagNameProblem('')).toBe(MESSAGES.enterTagName);
    expect(tagNameProblem('x'.repeat(41))).toBe(MESSAGES.tagNameInvalid);
    expect(tagNameProblem('a,b')).toBe(MESSAGES.tagNameInvalid);
    expect(tagNameProblem('x'.repeat(40))).toBeNull();
  });
});

describe('the tag filter', () => {
  it('reads a comma list once each ignoring case', () => {
    expect(parseTagFilter(' vip, ,VIP,hosting ')).toEqual(['vip', 'hosting']);
    expect(parseTagFilter(null)).toEqual([]);
  });

  it('keeps a ticket carrying every wanted tag', () => {
    expect(matchesTagFilter(['VIP', 'hosting'], ['vip'])).toBe(true);
    expect(matchesTagFilter(['vip'], ['vip', 'hosting'])).toBe(false);
    expect(matchesTagFilter(undefined, [])).toBe(true);
  });
});

describe('tag suggestions', () => {
  const tags = [
    { name: 'hosting', usage_count: 1 },
    { name: 'web hosting', usage_count: 9 },
    { name: 'vip', usage_count: 5 },
  ];

  it('offers names containing the text, those starting with it first, without the tags already on the ticket', () => {
    expect(suggestTags(tags, 'HOST').map((t) => t.name)).toEqual(['hosting', 'web hosting']);
    expect(suggestTags(tags, 'host', ['Hosting']).map((t) => t.name)).toEqual(['web hosting']);
    expect(suggestTags(tags, '').map((t) => t.name)).toEqual(['web hosting', 'vip', 'hosting']);
  });
});
