const assert = require('node:assert/strict');
const fs = require('node:fs');
const { describe, it } = require('node:test');
const { lazyGlobal } = require('./chakra-lazy-global-loader.cjs');

describe('chakra-lazy-global-loader', () => {
  it("makes the installed Chakra's _global a getter that builds the CSS once, on first read", () => {
    const file = require.resolve('@chakra-ui/react').replace(/cjs[\\/]index\.cjs$/, 'esm/styled-system/system.js');
    const patched = lazyGlobal(fs.readFileSync(file, 'utf8'));
    assert.match(patched, /let _global;/);
    assert.match(patched, /get _global\(\) \{\n\s*return \(_global \?\?= \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\]\);/);
    assert.doesNotMatch(patched, /const _global = /);
  });

  it('builds it once however often it is read', () => {
    const source = [
      'let built = 0;',
      'const getPreflightCss = () => (built += 1, "reset"), getGlobalCss = () => "base", getTokenCss = () => "tokens";',
      'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
      'const system = {',
      '  $$chakra: true,',
      '  _global,',
      '};',
      'return [system, () => built];',
    ].join('\n');
    const [system, builds] = new Function(lazyGlobal(source))();
    assert.equal(builds(), 0);
    assert.deepEqual(system._global, ['reset', 'base', 'tokens']);
    assert.equal(system._global, system._global);
    assert.equal(builds(), 1);
  });

  it('fails the build when Chakra no longer reads as the patch expects', () => {
    assert.throws(() => lazyGlobal('const _global = computeGlobals();'), /no longer reads as expected/);
  });
});
