import { act, renderHook } from '@testing-library/react';
import { readSessionDraft, useSessionDraft } from './use-session-draft';

describe('useSessionDraft', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the text in sessionStorage, so a new mount (a reload) reads it back, until it is cleared', () => {
    const first = renderHook(() => useSessionDraft('draft:test'));
    expect(first.result.current.draft).toBeNull();
    act(() => first.result.current.setDraft('half typed'));
    expect(readSessionDraft('draft:test')).toBe('half typed');
    first.unmount();

    const again = renderHook(() => useSessionDraft('draft:test'));
    expect(again.result.current.draft).toBe('half typed');
    act(() => again.result.current.clear());
    expect(again.result.current.draft).toBeNull();
    expect(readSessionDraft('draft:test')).toBeNull();
  });
});
