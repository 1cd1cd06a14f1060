// Loaded before every test file: Nest's default logger prints the LOG and WARN lines of every service a
// spec builds outside a Nest app (a rate limiter told Redis is down, a faucet told it is empty — the very
// cases specs provoke), flooding the test output. Only errors get through; a spec that reads log lines
// hands the code a logger of its own, and an app a test boots sets its own logger anyway.
const { Logger } = require('@nestjs/common');

Logger.overrideLogger(['error', 'fatal']);
