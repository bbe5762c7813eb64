import { useCallback, useEffect, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { DraftLine } from './lines';

/** A half-entered document: its id (the idempotency key), header fields and lines. */
export interface Draft {
  id: string;
  header: Record<string, string>;
  lines: DraftLine[];
}

function read(key: string, initial: Record<string, string>): Draft {
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      const d = JSON.parse(raw) as Draft;
      if (d && typeof d.id === 'string' && Array.isArray(d.lines))
        return { id: d.id, header: { ...initial, ...d.header }, lines: d.lines };
    }
  } catch {
    // a broken draft starts over
  }
  return { id: uuidv7(), header: initial, lines: [] };
}

/**
 * A document kept in localStorage under `storageKey` as it is typed, so it survives a reload and
 * a sign-out on this device. The id stays the same until the document is saved (retries reuse it).
 */
export function useDraft(storageKey: string, initial: Record<string, string>) {
  const [draft, setDraft] = useState<Draft>(() => read(storageKey, initial));

  useEffect(() => {
    const empty =
      draft.lines.length === 0 && Object.entries(draft.header).every(([k, v]) => v === (initial[k] ?? ''));
    if (empty) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(draft));
    // `initial` is a fresh object each render; only the draft itself matters here
  }, [draft, storageKey]);

  const setHeader = useCallback(
    (name: string, value: string) => setDraft((d) => ({ ...d, header: { ...d.header, [name]: value } })),
    [],
  );
  const setLines = useCallback(
    (fn: (lines: DraftLine[]) => DraftLine[]) => setDraft((d) => ({ ...d, lines: fn(d.lines) })),
    [],
  );
  /** After a save: a new id, empty lines; header fields named in `keep` stay. */
  const reset = useCallback(
    (keep: string[] = []) =>
      setDraft((d) => ({
        id: uuidv7(),
        lines: [],
        header: { ...initial, ...Object.fromEntries(keep.map((k) => [k, d.header[k] ?? ''])) },
      })),
    [],
  );
  return { draft, setHeader, setLines, reset };
}
