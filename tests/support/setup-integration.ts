// Integration tests open a database (a few seconds for a fresh PGlite); allow for it.
jest.setTimeout(30_000);
