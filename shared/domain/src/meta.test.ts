import { metaValueOf } from './meta';

describe('metaValueOf', () => {
  it('reads the value stored under a key, null when missing', () => {
    const meta = [{ meta_key: 'services', meta_value: '1,3' }, { meta_key: 'default_agent', meta_value: null }];
    expect(metaValueOf(meta, 'services')).toBe('1,3');
    expect(metaValueOf(meta, 'default_agent')).toBeNull();
    expect(metaValueOf(meta, 'type_assignments')).toBeNull();
  });
});
