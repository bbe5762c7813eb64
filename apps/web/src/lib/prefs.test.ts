import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, loadPrefs, parsePrefs, savePrefs } from './prefs';

describe('layout config kept per browser (seed spec §3)', () => {
  it('falls back to the defaults for missing or unknown values', () => {
    expect(parsePrefs(null)).toEqual({ layout: DEFAULT_LAYOUT, language: null });
    expect(parsePrefs('not json').layout).toEqual(DEFAULT_LAYOUT);
    expect(parsePrefs(JSON.stringify({ layout: { variant: 'Neon', size: 'xl' }, language: 'fr' }))).toEqual({
      layout: DEFAULT_LAYOUT,
      language: null,
    });
  });

  it('round-trips through its cookie, which survives clearing local storage', () => {
    savePrefs({
      layout: { ...DEFAULT_LAYOUT, variant: 'Dark', menuPosition: 'Top', sidebarCollapsed: true },
      language: 'de',
    });
    localStorage.clear();
    const p = loadPrefs();
    expect(p.layout.variant).toBe('Dark');
    expect(p.layout.menuPosition).toBe('Top');
    expect(p.layout.sidebarCollapsed).toBe(true);
    expect(p.language).toBe('de');
  });
});
