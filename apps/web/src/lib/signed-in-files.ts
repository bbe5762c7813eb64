/**
 * The files every signed-in screen loads (Mantine's components, icons and hooks, and their
 * styles), asked for by boot.ts as soon as the page starts when the browser is signed in: a
 * screen's chunk names them as imports, so otherwise the browser found them only once that chunk
 * had arrived, a round trip after the app's entry (issue 21). The build lists them in index.html
 * (`#duka-signed-in-files`, vite.config.ts). No imports: boot.ts must not wait for the app's code.
 */
export function preloadSignedInFiles(doc: Document): string[] {
  if (!doc.cookie.split(';').some((c) => c.trim().startsWith('duka_signed_in='))) return [];
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
