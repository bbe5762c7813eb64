import { describe, expect, it } from 'vitest';
import {
  guessColorScheme,
  guessLayout,
  guessLanguage,
  takeEarlyTranslation,
  translationFileUrl,
} from './early-translation';

const LANGS = ['de', 'en', 'es', 'pt'];
const prefs = (language: unknown) =>
  `a=1; duka_prefs=${encodeURIComponent(JSON.stringify({ layout: {}, language }))}; b=2`;

describe('the early language file (boot.ts)', () => {
  it("guesses the language chosen in this browser, else the browser's own, else en", () => {
    expect(guessLanguage(LANGS, prefs('pt'), ['de-DE'])).toBe('pt');
    expect(guessLanguage(LANGS, prefs(null), ['fr-FR', 'de-DE'])).toBe('de');
    expect(guessLanguage(LANGS, prefs('xx'), ['es-MX'])).toBe('es');
    expect(guessLanguage(LANGS, 'duka_prefs=%7Bbroken', ['fr-FR'])).toBe('en');
    expect(guessLanguage(LANGS, '', [])).toBe('en');
  });

  it('guesses the scheme the app will force: dark for the Dark and Transparent variants only', () => {
    const layout = (variant: unknown) =>
      `duka_prefs=${encodeURIComponent(JSON.stringify({ layout: { variant } }))}`;
    expect(guessColorScheme(layout('Dark'))).toBe('dark');
    expect(guessColorScheme(layout('Transparent'))).toBe('dark');
    expect(guessColorScheme(layout('Light'))).toBe('light');
    // what prefs.ts does not know falls back to Light there too
    expect(guessColorScheme(layout('Neon'))).toBe('light');
    expect(guessColorScheme(layout(7))).toBe('light');
    expect(guessColorScheme('duka_prefs=%7Bbroken')).toBe('light');
    expect(guessColorScheme('duka_prefs=null')).toBe('light');
    expect(guessColorScheme('')).toBe('light');
  });

  it("guesses where the menu will be, with prefs.ts's defaults for what it does not know", () => {
    const layout = (l: unknown) => `duka_prefs=${encodeURIComponent(JSON.stringify({ layout: l }))}`;
    expect(guessLayout(layout({ menuPosition: 'Top', sidebarCollapsed: true, size: 'sm' }))).toEqual({
      menu: 'Top',
      folded: true,
      size: 'sm',
    });
    expect(guessLayout(layout({ menuPosition: 'Left', sidebarCollapsed: 'yes', size: 'xl' }))).toEqual({
      menu: 'Side',
      folded: false,
      size: 'lg',
    });
    expect(guessLayout('')).toEqual({ menu: 'Side', folded: false, size: 'lg' });
  });

  it('asks for the file by path, with its content hash when the build knows it', () => {
    expect(translationFileUrl('de', { de: 'abc123' })).toBe('/assets/i18n/de.json?v=abc123');
    expect(translationFileUrl('de', {})).toBe('/assets/i18n/de.json');
  });

  it('hands over nothing when no early fetch was started', () => {
    expect(takeEarlyTranslation('/assets/i18n/en.json')).toBeNull();
  });
});
