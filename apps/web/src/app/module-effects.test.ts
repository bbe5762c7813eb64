import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '..');

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modulesUnder(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-fixtures\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Statements a module may have at its top level and still do nothing when imported but declare. */
function declares(s: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(s) ||
    ts.isExportDeclaration(s) ||
    ts.isImportEqualsDeclaration(s) ||
    ts.isFunctionDeclaration(s) ||
    ts.isClassDeclaration(s) ||
    ts.isInterfaceDeclaration(s) ||
    ts.isTypeAliasDeclaration(s) ||
    ts.isEnumDeclaration(s) ||
    ts.isVariableStatement(s) ||
    ts.isModuleDeclaration(s)
  );
}

describe("the app's features and components", () => {
  // vite.config.ts builds them as modules without side effects (a module whose exports a chunk
  // does not use is left out); a statement that acts at import would be dropped with it.
  it('only declare at their top level (vite.config.ts leaves out the modules a chunk does not use)', () => {
    const acting = ['features', 'components'].flatMap((dir) =>
      modulesUnder(path.join(src, dir)).flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
        return sf.statements
          .filter((s) => !declares(s))
          .map(
            (s) => `${path.relative(src, file)}:${sf.getLineAndCharacterOfPosition(s.getStart(sf)).line + 1}`,
          );
      }),
    );
    expect(acting).toEqual([]);
  });
});
