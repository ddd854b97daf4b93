import { initials, slug, truncate } from './text';

describe('slug', () => {
  it('lowercases and turns non-alphanumerics into underscores', () => {
    expect(slug('Incident/Bug')).toBe('incident_bug');
    expect(slug('Content Update')).toBe('content_update');
    expect(slug('New Development')).toBe('new_development');
    expect(slug('Question')).toBe('question');
    expect(slug('Phase 2 - Go!')).toBe('phase_2___go_');
    expect(slug('')).toBe('');
  });
});

describe('truncate', () => {
  it('keeps texts of up to 100 characters', () => {
    expect(truncate('short')).toBe('short');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('cuts longer texts to 100 characters plus an ellipsis', () => {
    expect(truncate('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
  });

  it('takes another maximum and tolerates missing text', () => {
    expect(truncate('Acme, LLC of Springfield', 4)).toBe('Acme...');
    expect(truncate(null)).toBe('');
    expect(truncate(undefined, 3)).toBe('');
  });
});

describe('initials', () => {
  it('takes up to 4 initials', () => {
    expect(initials('Acme, LLC')).toBe('AL');
    expect(initials('a b c d e f')).toBe('ABCD');
    expect(initials('')).toBe('');
  });
});
