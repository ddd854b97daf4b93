const base = require('../jest.base.cjs');

module.exports = { ...base, testEnvironment: 'jsdom' };
