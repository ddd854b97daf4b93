module.exports = { ...require('../../jest.base.cjs'), testEnvironment: 'jsdom' };
