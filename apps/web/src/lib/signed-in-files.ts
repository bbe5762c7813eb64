/** The server's readable cookie beside the HttpOnly session: this browser signed in (no token). */
export const SIGNED_IN_HINT = 'duka_signed_in';

/** Whether `cookie` (document.cookie) holds the signed-in hint. */
export const signedInHintIn = (cookie: string): boolean =>
  cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_HINT}=`));

/**
 * The files every signed-in screen loads (Mantine's components, icons and hooks, and their
 * styles), asked for by boot.ts as the page starts (once it has painted, below) when the browser
 * is signed in: a screen's chunk names them as imports, so otherwise the browser found them only
 * once that chunk had arrived, a round trip after the app's entry (issue 21). The build lists them
 * in index.html (`#duka-signed-in-files`, vite.config.ts). No imports: boot.ts must not wait for
 * the app's code.
 */
export function preloadSignedInFiles(doc: Document): string[] {
  if (!signedInHintIn(doc.cookie)) return [];
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById('duka-signed-in-files')?.textContent ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(files)) return [];
  const asked: string[] = [];
  for (const file of files) {
    if (typeof file !== 'string' || !/^\/assets\/[\w-]+\.(?:js|css)$/.test(file)) continue;
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    doc.head.appendChild(link);
    asked.push(file);
  }
  return asked;
}

/** The longest the files wait for the first paint (a tab in the background paints no frame). */
export const PRELOAD_WAIT_MS = 200;

/**
 * `preloadSignedInFiles` once the page has painted (the till's frame, the start screen): asked for
 * earlier, the files shared the link with the page's styles, which the first paint waits on, and
 * on a slow link that first paint came later (issue 21: Lighthouse's LCP on `/cash-sale` 2.6–2.7 s
 * → 2.0–2.6 s in turns). One frame later, they still arrive long before a screen asks for them.
 * Answers the files asked for.
 */
export function preloadSignedInFilesAfterPaint(win: Window): Promise<string[]> {
  return new Promise((resolve) => {
    let asked = false;
    const ask = () => {
      if (asked) return;
      asked = true;
      resolve(preloadSignedInFiles(win.document));
    };
    // the frame's callbacks run before it is painted: the task after them comes after the paint
    win.requestAnimationFrame(() => win.setTimeout(ask, 0));
    win.setTimeout(ask, PRELOAD_WAIT_MS);
  });
}
