import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTRA_ROUTES, LANGUAGES, MENU, QUARANTINE_REASONS } from '@duka/domain';
import { TRANSLATIONS } from '../test/render';

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((l) => [l, flatten(TRANSLATIONS[l] as Tree)])) as Record<
  string,
  Map<string, string>
>;
const en = flat.en!;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en, none empty', (lng) => {
    const other = flat[lng]!;
    expect([...other.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
    expect([...other.entries()].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });

  it('words every reason sync sets a document aside for (the quarantine list shows them)', () => {
    expect(QUARANTINE_REASONS.filter((r) => !en.has(`sync.quarantine.reason.${r}`))).toEqual([]);
  });

  it('keeps the same {{placeholders}} in every language', () => {
    for (const [key, text] of en) {
      const want = (text.match(/{{\w+}}/g) ?? []).sort();
      for (const l of LANGUAGES)
        expect((flat[l]!.get(key)!.match(/{{\w+}}/g) ?? []).sort(), `${l}:${key}`).toEqual(want);
    }
  });

  it('has every key the source uses literally', () => {
    const dir = join(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
  });

  it('names every menu entry and group, in English exactly as the seed spec route table', () => {
    for (const entry of [...MENU, ...EXTRA_ROUTES]) {
      expect(en.get(`menu.${entry.id}`)).toBe(entry.label);
      if (entry.kind === 'group')
        for (const c of entry.children) expect(en.get(`menu.${c.id}`)).toBe(c.label);
    }
  });

  it('spells the seed spec messages exactly (§8)', () => {
    const spec: Record<string, string> = {
      'auth.loggedIn': 'Logged in',
      'auth.sessionExpired': 'Login session expired!',
      'auth.pleaseLoginAgain': 'Please login again.',
      'errors.generic': 'Something bad happened; please try again later.',
      'errors.offline': 'Internet connection is missing or is not stable!',
      'device.couldNotSave': 'Could not save device!',
      'device.refreshPage': 'Refresh the page',
      'device.checkPrinterApp': 'Check printer app',
      'device.notCaptured': 'Device not captured!',
      'device.checkPrinterAppRunning': 'Check if printer app is running',
      'device.notDetected': 'Device not detected!',
      'device.couldNotGet': 'Could not get device!',
      'profile.somethingBad': 'Somthing bad happened!',
      'profile.couldNotEdit': 'Could not edit image',
      'profile.couldNotUpload': 'Could not upload the image ',
      'profile.imageDeleted': 'Image deleted!',
      'profile.imageUpdated': 'Image updated!',
      'settings.customize': 'Customize your view',
      'settings.darkBackground': 'Dark background',
      'layout.editProfile': 'Edit Profile',
      'layout.logout': 'Logout',
    };
    for (const [k, v] of Object.entries(spec)) expect(en.get(k), k).toBe(v);
  });
});
