// Types of browser.mjs (plain ESM).

/** Debian's chromium-headless-shell. */
export declare const HEADLESS_SHELL: string;
/** Debian's chromium. */
export declare const FULL_CHROMIUM: string;
/** CHROMIUM_PATH when set; else the headless shell when installed; else the full Chromium. */
export declare function e2eBrowserPath(): string;
