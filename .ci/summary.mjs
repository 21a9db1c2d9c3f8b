// The end of CI's output: the ten slowest test files of the suite (where its time goes), then one
// closing line that counts the suite and the run through PgBouncer together.
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const suite = read('.ci/test-results.json');
const pooled = read('.ci/pooled-results.json');
if (suite) {
  const files = suite.testResults
    .map((f) => ({ name: f.name.replace(`${process.cwd()}/`, ''), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log('\nThe ten slowest test files:');
  for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
}
const runs = [suite, pooled].filter(Boolean);
const passed = runs.reduce((n, r) => n + r.numPassedTests, 0);
const failed = runs.reduce((n, r) => n + r.numFailedTests, 0);
console.log(`${passed} passed, ${failed} failed`);
