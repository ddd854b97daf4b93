module.exports = {
  ...require('../jest.base.cjs'),
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
