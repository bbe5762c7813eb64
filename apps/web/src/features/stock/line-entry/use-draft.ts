import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import type { WorkDraftPut } from '@duka/domain';
import { useSession } from '../../../lib/session-context';
import { DraftWriter, WORK_DRAFTS_QUERY, listWorkDrafts } from '../../../lib/work-drafts';
import type { DraftLine } from './lines';

/** A half-entered document: its id (the idempotency key), header fields and lines. */
export interface Draft {
  id: string;
  header: Record<string, string>;
  lines: DraftLine[];
}

function asDraft(x: unknown, initial: Record<string, string>): Draft | null {
  const d = x as Draft | null;
  if (!d || typeof d.id !== 'string' || !Array.isArray(d.lines)) return null;
  return { id: d.id, header: { ...initial, ...d.header }, lines: d.lines };
}

/** A draft an older version kept in this browser's local storage under `key`: taken out once. */
function takeLegacy(key: string, initial: Record<string, string>): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    localStorage.removeItem(key);
    return raw ? asDraft(JSON.parse(raw), initial) : null;
  } catch {
    return null; // a broken draft starts over
  }
}

const isEmpty = (d: Draft, initial: Record<string, string>) =>
  d.lines.length === 0 && Object.entries(d.header).every(([k, v]) => v === (initial[k] ?? ''));

/**
 * A document kept on the server, for this user, as it is typed (one per screen, `storageKey`),
 * so it survives a reload, a sign-out and an expired session, and follows the user to another
 * computer. The id stays the same until the document is saved (retries reuse it).
 */
export function useDraft(storageKey: string, initial: Record<string, string>) {
  const userId = useSession().user.uid;
  const [draft, setDraft] = useState<Draft>(() => ({ id: uuidv7(), header: initial, lines: [] }));
  const writer = useMemo(() => new DraftWriter(), []);
  useEffect(() => writer.attach(), [writer]);
  const saved = useRef<string | null>(null);
  const current = useRef(draft);
  current.current = draft;
  const [ready, setReady] = useState(false);
  const drafts = useQuery({
    queryKey: [...WORK_DRAFTS_QUERY, userId],
    queryFn: listWorkDrafts,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // Once, when the user's drafts arrive: this screen's comes back, unless typing began meanwhile.
  useEffect(() => {
    if (drafts.isError && !ready) setReady(true);
    if (!drafts.data || ready) return;
    const kept = drafts.data.find((d) => d.kind === 'stock' && d.slot === storageKey);
    const found = takeLegacy(storageKey, initial) ?? (kept ? asDraft(kept.body, initial) : null);
    if (found && isEmpty(current.current, initial)) {
      saved.current = found.id;
      setDraft(found);
    }
    setReady(true);
    // `initial` is a fresh object each render; only the draft itself matters here
  }, [drafts.data, drafts.isError, ready, storageKey]);

  useEffect(() => {
    if (!ready) return;
    if (isEmpty(draft, initial)) {
      if (saved.current) void writer.drop(saved.current);
      saved.current = null;
    } else {
      const put: WorkDraftPut = {
        kind: 'stock',
        slot: storageKey,
        name: '',
        body: draft as unknown as WorkDraftPut['body'],
      };
      writer.later(draft.id, put);
      if (saved.current && saved.current !== draft.id) writer.cancelWaiting(saved.current);
      saved.current = draft.id;
    }
  }, [draft, ready, storageKey, writer]);

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
  /** The same document under a new id (the old one holds a saved earlier version of it). */
  const rekey = useCallback(() => setDraft((d) => ({ ...d, id: uuidv7() })), []);
  return { draft, setHeader, setLines, reset, rekey, ready };
}
