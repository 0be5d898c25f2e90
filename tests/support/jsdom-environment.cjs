// jsdom lacks some globals that React Router (TextEncoder) and rjsf 6 (structuredClone) need; lend Node's.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeGlobals extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.structuredClone = structuredClone;
    g.ReadableStream = ReadableStream;
    if (!g.fetch) g.fetch = fetch;
    g.Request = g.Request || Request;
    g.Response = g.Response || Response;
    g.Headers = g.Headers || Headers;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
  }
}

module.exports = JsdomWithNodeGlobals;
