import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, after everything else, each failed test with the first lines of its error: a CI log is
 * often read from its tail only, where the list reporter leaves just the titles.
 */
export default class FailureSummary implements Reporter {
  private failed: { title: string; error: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus)
      return;
    // eslint-disable-next-line no-control-regex
    const plain = (result.error?.message ?? result.status).replace(/\u001b\[[0-9;]*m/g, '');
    const at = result.error?.stack?.split('\n').find((l) => l.includes('.spec.ts')) ?? '';
    this.failed.push({
      title: test.titlePath().filter(Boolean).join(' › '),
      error: [...plain.split('\n').slice(0, 14), at.trim()].filter(Boolean).join('\n      '),
    });
  }

  onEnd(_result: FullResult) {
    if (this.failed.length === 0) return;
    console.log(`\nFailed end-to-end tests (${this.failed.length}), with their errors:`);
    for (const f of this.failed) console.log(`\n  ✘ ${f.title}\n      ${f.error}`);
  }

  printsToStdio() {
    return true;
  }
}
