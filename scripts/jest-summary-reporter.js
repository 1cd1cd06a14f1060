// Prints the plain closing line CI reads ("N passed, N failed") as the very last output, after
// jest's own summary (which other reporters print later than onRunComplete). If something a test
// opened keeps the process alive after the run, it names what is still open and exits with the run's
// result instead of hanging CI until its deadline.
const { writeSync } = require('node:fs');

/** jest prints "did not exit one second after the test run" at 1 s; this gives handles ten. */
const LINGER_MS = 10_000;

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    const line = `\n${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`;
    process.once('exit', () => writeSync(1, line));
    const watchdog = setTimeout(() => {
      // What keeps the loop alive (this timer is unref'd, so it is not among them).
      const open = process.getActiveResourcesInfo();
      writeSync(2, `\njest: still running ${LINGER_MS / 1000} s after the run; open: ${open.join(', ')}\n`);
      process.exit(process.exitCode ?? (results.success ? 0 : 1));
    }, LINGER_MS);
    watchdog.unref();
  }
}
module.exports = SummaryReporter;
