import { describe, expect, it } from 'vitest';
import { setupI18n } from './i18n';
import { TRANSLATIONS } from '../test/render';
import { manifestHref } from './document-language';

describe('the page in the language in use', () => {
  it('gives the page its language, its description and the manifest of that language', async () => {
    document.head.innerHTML =
      '<meta name="description" content="Duka: point of sale and back office for small shops">' +
      '<link rel="manifest" href="/manifest.webmanifest">';
    const resources = Object.fromEntries(
      Object.entries(TRANSLATIONS).map(([l, words]) => [l, { translation: words }]),
    );
    const i18n = await setupI18n(resources, 'de');
    const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');
    const manifest = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href');
    expect(document.documentElement.lang).toBe('de');
    expect(description()).toBe('Kasse und Warenwirtschaft für kleine Geschäfte');
    expect(manifest()).toBe('/manifest-de.webmanifest');
    await i18n.changeLanguage('es');
    expect(document.documentElement.lang).toBe('es');
    expect(description()).toBe('Punto de venta y administración para pequeñas tiendas');
    expect(manifest()).toBe('/manifest-es.webmanifest');
    await i18n.changeLanguage('en');
    expect(description()).toBe('Point of sale and back office for small shops');
    expect(manifest()).toBe(manifestHref('en'));
    expect(manifest()).toBe('/manifest.webmanifest');
  });
});
