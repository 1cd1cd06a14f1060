// Prints the plain closing line CI reads ("N passed, N failed") as the very last output, after
// jest's own summary (which other reporters print later than onRunComplete).
const { writeSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    const line = `\n${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`;
    process.once('exit', () => writeSync(1, line));
  }
}
module.exports = SummaryReporter;
