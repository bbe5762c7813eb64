import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const INDEX_HTML = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const fonts = (list: string) => list.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, ''));

describe("index.html's till frame (lib/start-frame.ts)", () => {
  it("has the theme's font: its words are set as the till's will be", () => {
    const rule = /\.duka-frame \{[^}]*font-family:([^;]+);/.exec(INDEX_HTML)?.[1];
    expect(rule).toBeDefined();
    expect(fonts(rule!)).toEqual(fonts(theme.fontFamily!));
  });
});
