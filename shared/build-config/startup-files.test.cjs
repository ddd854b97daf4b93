const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const { startupFiles } = require('./startup-files.cjs');

const provide = (key) => ({ moduleName: `provide shared module (default) ${key}@1.0.0 = /repo/node_modules/${key}/index.js` });
const consume = (key) => ({ name: `consume shared module (default) ${key}@^1.0.0 (singleton) (fallback: /repo/node_modules/${key}/index.js)` });

// A host: bootstrap consumes react-dom, whose provided chunk consumes react; the bell is a lazy chunk.
const stats = {
  namedChunkGroups: { bootstrap: { chunks: [1, 2] } },
  chunks: [
    { id: 1, files: ['bootstrap.a.js', 'bootstrap.a.css'], origins: [{ request: './bootstrap' }], modules: [{ name: './src/bootstrap.tsx' }, consume('react-dom')] },
    { id: 2, files: [], origins: [{ request: './bootstrap' }], modules: [] },
    { id: 3, files: ['react-dom.b.js', 'react-dom.b.js.map'], origins: [provide('react-dom')], modules: [consume('react')] },
    { id: 4, files: ['react.c.js'], origins: [provide('react')], modules: [] },
    { id: 5, files: ['zustand.d.js'], origins: [provide('zustand')], modules: [] },
    { id: 6, files: ['bell.e.js'], origins: [{ request: './bell' }], modules: [consume('zustand')] },
  ],
};

describe('startupFiles', () => {
  it("lists the group's files, then the providers of what they consume, transitively", () => {
    assert.deepEqual(startupFiles(stats, 'bootstrap', { withProviders: true }), ['bootstrap.a.js', 'bootstrap.a.css', 'react-dom.b.js', 'react.c.js']);
  });

  it("lists only the group's own files when the shared modules come from elsewhere (a remote)", () => {
    assert.deepEqual(startupFiles(stats, 'bootstrap', { withProviders: false }), ['bootstrap.a.js', 'bootstrap.a.css']);
  });

  it('answers none for a group the build does not have', () => {
    assert.deepEqual(startupFiles(stats, 'routes', { withProviders: true }), []);
  });
});
