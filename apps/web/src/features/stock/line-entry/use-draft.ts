import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import type { WorkDraftPut } from '@duka/domain';
import { useSession } from '../../../lib/session-context';
import { DraftWriter, WORK_DRAFTS_QUERY, listWorkDrafts } from '../../../lib/work-drafts';
import type { DraftLine } from './lines';
import { useTranslation } from 'react-i18next';
import type { DecimalSign } from '@duka/domain';
import { retypeMoney, retypeQuantity, typedDecimal } from '../../../lib/typed-number';

/** A half-entered document: its id (the idempotency key), header fields and lines. */
export interface Draft {
  id: string;
  header: Record<string, string>;
  lines: DraftLine[];
  /**
   * The decimal sign its quantities and costs are typed in: written again in the page's when the
   * language changes or the draft comes back on a page in another language ("0,125" kg typed in
   * German was saved as 125 kg in English). Absent: kept before it was named (read as then).
   */
  decimal?: DecimalSign;
}

function asDraft(x: unknown, initial: Record<string, string>): Draft | null {
  const d = x as Draft | null;
  if (!d || typeof d.id !== 'string' || !Array.isArray(d.lines)) return null;
  return { id: d.id, header: { ...initial, ...d.header }, lines: d.lines, decimal: d.decimal };
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

/** A draft's texts written again in the page's decimal sign, once it is back (see Draft.decimal). */
function useRetyped(
  setDraft: (fn: (d: Draft) => Draft) => void,
  ready: boolean,
  decimal: DecimalSign | undefined,
  digits: number,
) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!ready) return;
    const to = typedDecimal();
    setDraft((d) =>
      d.decimal === to
        ? d
        : {
            ...d,
            decimal: to,
            lines: d.lines.map((l) => ({
              ...l,
              qty: retypeQuantity(l.qty, d.decimal, to),
              cost: retypeMoney(l.cost, digits, d.decimal, to),
            })),
          },
    );
  }, [ready, i18n.language, decimal, digits, setDraft]);
}

/**
 * A document kept on the server, for this user, as it is typed (one per screen, `storageKey`),
 * so it survives a reload, a sign-out and an expired session, and follows the user to another
 * computer. The id stays the same until the document is saved (retries reuse it).
 */
export function useDraft(storageKey: string, initial: Record<string, string>, digits = 2) {
  const userId = useSession().user.uid;
  const [draft, setDraft] = useState<Draft>(() => ({
    id: uuidv7(),
    header: initial,
    lines: [],
    decimal: typedDecimal(),
  }));
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

  useRetyped(setDraft, ready, draft.decimal, digits);

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
        decimal: typedDecimal(),
        header: { ...initial, ...Object.fromEntries(keep.map((k) => [k, d.header[k] ?? ''])) },
      })),
    [],
  );
  /** The same document under a new id (the old one holds a saved earlier version of it). */
  const rekey = useCallback(() => setDraft((d) => ({ ...d, id: uuidv7() })), []);
  return { draft, setHeader, setLines, reset, rekey, ready };
}
