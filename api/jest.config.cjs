const base = require('../jest.base.cjs');

// `cookie` 2.x is ESM-only and reached through light-my-request (app.inject) and @fastify/cookie:
// Jest's module system cannot require() it, so it is compiled like our own sources.
const esmOnly = ['cookie'];

module.exports = {
  ...base,
  testEnvironment: 'node',
  testTimeout: 30000,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};
