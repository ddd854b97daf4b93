// Jest settings of every React workspace: the shared base plus jsdom and its setup.
const path = require('node:path');

module.exports = {
  ...require('./jest.base.cjs'),
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.dom.ts')],
};
