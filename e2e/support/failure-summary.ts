import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of the page's accessibility snapshot printed with a failure (the whole page can be long). */
const SNAPSHOT_LINES = 60;

/**
 * What the page showed when the test failed: the accessibility snapshot Playwright writes into its
 * error context (`error-context.md`) from its `main` landmark on, cut to its first lines. CI keeps no trace; without this a
 * failure that does not come again here ("element not found") left nothing to read.
 */
export function pageSnapshot(result: Pick<TestResult, 'attachments'>): string[] {
  const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
  if (!context?.path) return [];
  let text: string;
  try {
    text = readFileSync(context.path, 'utf8');
  } catch {
    return [];
  }
  const yaml = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
  if (!yaml) return [];
  const whole = yaml.trimEnd().split('\n');
  // the page's own content: the skip link, header and menu before it are the same on every page
  const main = whole.findIndex((l) => /^\s*- main\b/.test(l));
  const lines = main > 0 ? whole.slice(main) : whole;
  const cut = lines.length > SNAPSHOT_LINES ? [`… ${lines.length - SNAPSHOT_LINES} more lines`] : [];
  return ['The page then:', ...lines.slice(0, SNAPSHOT_LINES), ...cut];
}

/**
 * Prints, after everything else, each failed test with the first lines of its error: a CI log is
 * often read from its tail only, where the list reporter leaves just the titles.
 */
export default class FailureSummary implements Reporter {
  private failed: { title: string; error: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus)
      return;
    // A test timeout's first error names only the timeout; the next ones name the step that hung.
    const messages = result.errors.length ? result.errors.map((e) => e.message ?? '') : [result.status];
    // eslint-disable-next-line no-control-regex
    const plain = messages.join('\n').replace(/\u001b\[[0-9;]*m/g, '');
    const stacks = result.errors.flatMap((e) => e.stack?.split('\n') ?? []);
    const at = stacks.find((l) => l.includes('.spec.ts')) ?? '';
    this.failed.push({
      title: test.titlePath().filter(Boolean).join(' › '),
      error: [...plain.split('\n').slice(0, 24), at.trim(), ...pageSnapshot(result)]
        .filter(Boolean)
        .join('\n      '),
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
