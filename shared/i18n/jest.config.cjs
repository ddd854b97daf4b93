module.exports = require('../../jest.dom.cjs');
