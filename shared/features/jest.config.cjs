module.exports = require('@portal/testing/jest-preset');
