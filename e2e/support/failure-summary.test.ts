import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import FailureSummary, { pageSnapshot } from './failure-summary';

// The summary a CI log ends with: a failure's error, and what the page showed then.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-failure-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function errorContext(yaml: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.md`);
  fs.writeFileSync(
    file,
    `# Error details\n\n\`\`\`\nError: not found\n\`\`\`\n\n\`\`\`yaml\n${yaml}\`\`\`\n`,
  );
  return file;
}
const attached = (file: string) => ({
  attachments: [{ name: 'error-context', contentType: 'text/markdown', path: file }],
});

describe('pageSnapshot', () => {
  it('gives the page the error context holds, under a heading', () => {
    const file = errorContext(
      '- heading "Reports › Stock report"\n- radiogroup "Show":\n  - radio "Movements"\n',
    );
    expect(pageSnapshot(attached(file))).toEqual([
      'The page then:',
      '- heading "Reports › Stock report"',
      '- radiogroup "Show":',
      '  - radio "Movements"',
    ]);
  });

  it("starts at the page's main landmark, past the header every page has", () => {
    const file = errorContext('- banner:\n  - button "Menu"\n- main:\n  - heading "Stock report"\n');
    expect(pageSnapshot(attached(file))).toEqual(['The page then:', '- main:', '  - heading "Stock report"']);
  });

  it('cuts a long page and says how much is left out', () => {
    const yaml = Array.from({ length: 75 }, (_, i) => `- text: line ${i + 1}\n`).join('');
    const lines = pageSnapshot(attached(errorContext(yaml)));
    expect(lines).toHaveLength(62);
    expect(lines.at(-2)).toBe('- text: line 60');
    expect(lines.at(-1)).toBe('… 15 more lines');
  });

  it('gives nothing without an error context, or when its file is gone', () => {
    expect(pageSnapshot({ attachments: [] })).toEqual([]);
    expect(pageSnapshot(attached(path.join(dir, 'gone.md')))).toEqual([]);
  });
});

describe('FailureSummary', () => {
  it('prints a failed test with its error and the page', () => {
    const summary = new FailureSummary();
    const test = {
      titlePath: () => ['', 'local', 'reports.spec.ts', 'stock report'],
      expectedStatus: 'passed',
    };
    const result = {
      status: 'failed',
      errors: [{ message: 'Error: element(s) not found', stack: 'at /x/e2e/reports.spec.ts:257:55' }],
      ...attached(errorContext('- heading "Reports › Stock report"\n')),
    };
    const printed: string[] = [];
    const log = console.log;
    console.log = (s: string) => printed.push(s);
    try {
      summary.onTestEnd(test as never, result as never);
      summary.onEnd({} as never);
    } finally {
      console.log = log;
    }
    const text = printed.join('\n');
    expect(text).toContain('✘ local › reports.spec.ts › stock report');
    expect(text).toContain('Error: element(s) not found');
    expect(text).toContain('at /x/e2e/reports.spec.ts:257:55');
    expect(text).toContain('The page then:\n      - heading "Reports › Stock report"');
  });
});
