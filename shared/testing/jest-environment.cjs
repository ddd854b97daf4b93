// jest-fixed-jsdom (jsdom with Node's fetch, streams and BroadcastChannel, as MSW needs) plus
// Node's File: it already swaps in Node's Blob and FormData, and Node's FormData refuses jsdom's File.
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');

class PortalTestEnvironment extends FixedJSDOMEnvironment {
  constructor(...args) {
    super(...args);
    this.global.File = File;
  }
}

module.exports = PortalTestEnvironment;
