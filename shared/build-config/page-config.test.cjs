const assert = require('node:assert/strict');
const path = require('node:path');
const { describe, it } = require('node:test');
const { createAppConfig, createPageConfig, PAGES_DIR } = require('./index.cjs');

const dir = path.resolve(__dirname, '../../mfe-auth');

describe('createPageConfig', () => {
  it("builds a remote's pages of their own after the remote, into its build folder, without Module Federation", () => {
    const app = createAppConfig({ name: 'auth', dir, exposes: { './routes': './src/routes.tsx' } });
    const page = createPageConfig({ name: 'auth', dir, pages: { 'sign-in': './src/sign-in/index.ts' } });

    assert.deepEqual(page.dependencies, [app.name]);
    assert.equal(page.output.path, path.join(app.output.path, PAGES_DIR));
    assert.notEqual(page.output.uniqueName, app.output.uniqueName);
    assert.deepEqual(page.entry, { 'sign-in': './src/sign-in/index.ts' });
    const pluginNames = (config) => config.plugins.map((plugin) => plugin.constructor?.name ?? '');
    assert.ok(pluginNames(app).includes('ModuleFederationPlugin'));
    assert.ok(!pluginNames(page).some((name) => /Federation|Html/.test(name)), pluginNames(page).join(', '));
    // The same sources compile the same way in both.
    assert.deepEqual(page.module, app.module);
    assert.deepEqual(page.resolve, app.resolve);
  });
});
