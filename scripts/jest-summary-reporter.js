// Prints the plain closing line CI reads ("N passed, N failed") as the very last output, after
// jest's own summary (which other reporters print later than onRunComplete). If something a test
// opened keeps the process alive after the run, it names what is still open and exits with the run's
// result instead of hanging CI until its deadline. It records where each timer was made and prints that
// for the timers still alive then (a stack per timer: about 3% on the whole run; PHOTON_TRACE_TIMERS=0
// turns it off), since an intermittent linger on one timer is otherwise impossible to place.
const { createHook } = require('node:async_hooks');
const { writeSync } = require('node:fs');

/** jest prints "did not exit one second after the test run" at 1 s; this gives handles ten. */
const LINGER_MS = 10_000;

class SummaryReporter {
  constructor() {
    this.timers = new Map();
    if (process.env.PHOTON_TRACE_TIMERS === '0') return;
    Error.stackTraceLimit = 30;
    createHook({
      init: (id, type) => {
        if (type === 'Timeout') this.timers.set(id, new Error('timer made').stack);
      },
      destroy: (id) => this.timers.delete(id),
    }).enable();
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    // A test that needs what this machine lacks (the compose tier's Docker daemon) is left pending with
    // the reason in its name: named here, so that it is never passed over silently.
    const notRun = results.testResults
      .flatMap((file) => file.testResults)
      .filter((test) => test.status === 'pending')
      .map((test) => `not run: ${test.fullName}\n`)
      .join('');
    const line = `\n${notRun}${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`;
    process.once('exit', () => writeSync(1, line));
    const watchdog = setTimeout(() => {
      // What keeps the loop alive (this timer is unref'd, so it is not among them).
      const open = process.getActiveResourcesInfo();
      writeSync(2, `\njest: still running ${LINGER_MS / 1000} s after the run; open: ${open.join(', ')}\n`);
      for (const stack of this.timers.values()) writeSync(2, `${stack}\n`);
      process.exit(process.exitCode ?? (results.success ? 0 : 1));
    }, LINGER_MS);
    watchdog.unref();
  }
}
module.exports = SummaryReporter;
