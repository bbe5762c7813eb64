import { type Language, isLanguage } from '@duka/domain';

/**
 * Per-browser preferences: the layout config of seed spec §3 and the chosen language.
 * Kept in a cookie rather than local storage because logout clears local storage (seed spec §2)
 * while these belong to the browser, not to the session.
 */
export const PREFS_COOKIE = 'duka_prefs';

export const VARIANTS = ['Light', 'Dark', 'Transparent'] as const;
export const MENU_POSITIONS = ['Side', 'Top'] as const;
export const NAVBAR_TYPES = ['Static', 'Fixed'] as const;
export const SIZES = ['sm', 'lg'] as const;
export const SIDEBAR_COLORS = ['default', 'teal', 'indigo', 'grape', 'dark'] as const;
export const BACKGROUND_IMAGES = ['dunes', 'waves', 'grid'] as const;

export interface LayoutConfig {
  variant: (typeof VARIANTS)[number];
  menuPosition: (typeof MENU_POSITIONS)[number];
  navbarType: (typeof NAVBAR_TYPES)[number];
  sidebarCollapsed: boolean;
  size: (typeof SIZES)[number];
  backgroundColor: (typeof SIDEBAR_COLORS)[number];
  backgroundImage: boolean;
  backgroundImageURL: (typeof BACKGROUND_IMAGES)[number];
}

export interface Prefs {
  layout: LayoutConfig;
  language: Language | null;
}

export const DEFAULT_LAYOUT: LayoutConfig = {
  variant: 'Light',
  menuPosition: 'Side',
  navbarType: 'Fixed',
  sidebarCollapsed: false,
  size: 'lg',
  backgroundColor: 'default',
  backgroundImage: false,
  backgroundImageURL: 'dunes',
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/** Reads whatever a cookie holds, keeping only known values. */
export function parsePrefs(raw: string | null | undefined): Prefs {
  let data: Record<string, unknown> = {};
  try {
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (v && typeof v === 'object') data = v as Record<string, unknown>;
  } catch {
    data = {};
  }
  const l = (data.layout && typeof data.layout === 'object' ? data.layout : {}) as Record<string, unknown>;
  const d = DEFAULT_LAYOUT;
  return {
    layout: {
      variant: oneOf(VARIANTS, l.variant, d.variant),
      menuPosition: oneOf(MENU_POSITIONS, l.menuPosition, d.menuPosition),
      navbarType: oneOf(NAVBAR_TYPES, l.navbarType, d.navbarType),
      sidebarCollapsed: typeof l.sidebarCollapsed === 'boolean' ? l.sidebarCollapsed : d.sidebarCollapsed,
      size: oneOf(SIZES, l.size, d.size),
      backgroundColor: oneOf(SIDEBAR_COLORS, l.backgroundColor, d.backgroundColor),
      backgroundImage: typeof l.backgroundImage === 'boolean' ? l.backgroundImage : d.backgroundImage,
      backgroundImageURL: oneOf(BACKGROUND_IMAGES, l.backgroundImageURL, d.backgroundImageURL),
    },
    language: typeof data.language === 'string' && isLanguage(data.language) ? data.language : null,
  };
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) {
      try {
        return decodeURIComponent(p.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function loadPrefs(): Prefs {
  return parsePrefs(readCookie(PREFS_COOKIE));
}

export function savePrefs(prefs: Prefs): void {
  const value = encodeURIComponent(JSON.stringify(prefs));
  document.cookie = `${PREFS_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Strict`;
}

export function updatePrefs(change: (p: Prefs) => Prefs): Prefs {
  const next = change(loadPrefs());
  savePrefs(next);
  return next;
}
