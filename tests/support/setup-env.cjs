// Tests run from the project root with quiet logs, in test mode.
process.env.NODE_ENV = 'test';
process.env.TZ = process.env.TZ || 'America/New_York';
