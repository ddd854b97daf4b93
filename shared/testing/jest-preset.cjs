// Jest settings of every workspace that tests with the kit: the shared jsdom settings, an
// environment with Node's fetch, streams and BroadcastChannel (what MSW needs; plain jsdom lacks
// them), and the kit's setup (MSW server, recordings and session reset around each test).
const dom = require('../../jest.dom.cjs');

module.exports = {
  ...dom,
  testEnvironment: require.resolve('./jest-environment.cjs'),
  setupFilesAfterEnv: [...dom.setupFilesAfterEnv, require.resolve('./src/jest-setup.ts')],
};
