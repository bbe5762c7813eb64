import {
  type RefObject,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { useSession } from '../../lib/session-context';
import { locationsQuery, useAllLocations } from '../stock';
import { DraftWriter, WORK_DRAFTS_QUERY, flushDraftWriters, listWorkDrafts } from '../../lib/work-drafts';
import { type Cart, type CartAction, cartReducer, emptyCart } from './cart';
import { typedDecimal } from '../../lib/typed-number';
import { useTranslation } from 'react-i18next';
import { followOnItsWay } from './sale-outcome';
import { type CartRefs, useParking, useSaleOnItsWay } from './use-cart-moves';
import {
  type ParkedSale,
  cartDraft,
  hasWork,
  nothingToRestore,
  parkedDraft,
  takeLegacyTillWork,
  tillDraftsOf,
} from './parked';

/** This user's drafts, read afresh each time the till opens (none kept once it is left). */
export const tillDraftsQuery = (userId: string) => ({
  queryKey: [...WORK_DRAFTS_QUERY, userId],
  queryFn: listWorkDrafts,
  // never fresh from an earlier opening (the app's queries are otherwise fresh for 30 s); each
  // opening reads them while it waits (useTillStart), so mounting the till does not read them again
  staleTime: 0,
  refetchOnMount: false,
  gcTime: 0,
  refetchOnWindowFocus: false,
});

/** What the till waits for, per query client and user, until it shows: both arrived or failed. */
const starting = new WeakMap<QueryClient, Map<string, { wait: Promise<unknown>; settled: boolean }>>();

/**
 * The wait for the till's first render: begun at each opening (and again if what it waited for
 * has gone since), kept once settled until the till shows (a render replayed after the wait must
 * ask for it again). The drafts are read afresh at each opening, after what a till still has
 * waiting to save is sent: switching from a cash to a debtor sale brings the cart along.
 */
function tillStart(qc: QueryClient, userId: string, missing: boolean): Promise<unknown> {
  const mine = starting.get(qc) ?? new Map<string, { wait: Promise<unknown>; settled: boolean }>();
  starting.set(qc, mine);
  let start = mine.get(userId);
  if (start?.settled && missing) start = undefined; // waited, and gone again: wait anew
  if (!start) {
    // kept a second after, as TanStack's suspense queries keep theirs: the till's render after the
    // wait must find them (the drafts are otherwise dropped as soon as nothing watches them)
    const kept = { gcTime: 1000 };
    const begun: { wait: Promise<unknown>; settled: boolean } = {
      wait: Promise.allSettled([
        qc.ensureQueryData({ ...locationsQuery, ...kept }),
        flushDraftWriters()
          .catch(() => undefined)
          .then(() => qc.fetchQuery({ ...tillDraftsQuery(userId), ...kept })),
      ]).then((outcomes) => {
        begun.settled = true;
        // as React marks a promise it has seen settle: its use() then reads it at once, without
        // suspending for a microtask (the till made at start, useTillStartArrived, does not wait)
        const seen = begun.wait as Promise<unknown> & { status?: 'fulfilled'; value?: unknown };
        seen.status = 'fulfilled';
        seen.value = outcomes;
        return outcomes;
      }),
      settled: false,
    };
    start = begun;
    mine.set(userId, begun);
  }
  return start.wait;
}

/**
 * Whether what the till's first render shows has arrived, set in a transition when it has: the
 * till made at start (till-page.tsx) renders in slices, and with no Suspense boundary's reveal,
 * which React holds until 300 ms after the boundary's fallback showed. The wait begins in the
 * render, as useTillStart's does.
 */
export function useTillStartArrived(): boolean {
  const userId = useSession().user.uid;
  const qc = useQueryClient();
  const [arrived, setArrived] = useState(false);
  // not again once arrived: the till, once up, ends the wait (a new one would read the drafts again)
  const wait = arrived ? null : tillStart(qc, userId, false);
  useEffect(() => {
    if (!wait) return;
    let live = true;
    void wait.then(() => {
      if (live) startTransition(() => setArrived(true));
    });
    return () => {
      live = false;
    };
  }, [wait]);
  return arrived;
}

/**
 * Suspends until what the till's first render shows has arrived (or could not be read): the
 * locations and this user's drafts. The till mounts once, with them, instead of mounting and then
 * rendering whole again as each arrives (two renders of ~250 and ~150 ms at 4x CPU, issue 21). On
 * a navigation (a transition) the screen being left stays meanwhile; at start the till's frame
 * (lib/start-frame.ts) stays up and keeps the keys.
 */
export function useTillStart(): void {
  const userId = useSession().user.uid;
  const qc = useQueryClient();
  const locations = useAllLocations();
  const drafts = useQuery(tillDraftsQuery(userId));
  // only before the first showing: a till on screen is not taken away again (say, while the cache
  // is cleared at sign-out)
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    starting.get(qc)?.delete(userId);
    // once the till has gone, its drafts go too, as before the wait kept them a second: the next
    // opening reads them afresh (else it could restore the drafts of this opening, older than
    // what this till has saved since)
    return () => {
      const cache = qc.getQueryCache();
      const drafts = cache.find({ queryKey: tillDraftsQuery(userId).queryKey, exact: true });
      window.setTimeout(() => {
        if (drafts && drafts.getObserversCount() === 0) cache.remove(drafts);
      }, 0);
    };
  }, [qc, userId]);
  if (!shown.current) use(tillStart(qc, userId, locations.isPending || drafts.isPending));
}

/**
 * The till's cart and the sales its cashier parked, kept on the server for this user as they
 * change (so a reload, a sign-out or an expired session loses nothing, and they follow the
 * cashier to another till). The cart's id is the sale's: new only after a sale or when the cart
 * is dropped or parked; a parked sale keeps it, so parking and resuming flip one record.
 */
export function useTillCart(home: string, allowedIds: string[]) {
  const userId = useSession().user.uid;
  // at the user's home when the locations are known (they are when the till mounts: useTillStart)
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => emptyCart(uuidv7(), home));
  const [parked, setParked] = useState<ParkedSale[]>([]);
  /** What the till does when a save finds the cart's sale recorded elsewhere (useSaleOutcome sets it). */
  const recordedElsewhere = useRef<(id: string) => void>(() => undefined);
  const writer = useMemo(() => new DraftWriter((id) => recordedElsewhere.current(id)), []);
  // a save that ends once the till has gone tells nobody (it would act on another screen)
  useEffect(() => () => void (recordedElsewhere.current = () => undefined), []);
  useEffect(() => writer.attach(), [writer]);
  /** The id the server holds as this user's cart, if any. */
  const saved = useRef<string | null>(null);
  const cartNow = useRef(cart);
  cartNow.current = cart;
  const parkedNow = useRef(parked);
  parkedNow.current = parked;
  const ready = useRestoredWork({ userId, writer, cartNow, saved, dispatch, setParked });

  const refs: CartRefs = { writer, cartNow, parkedNow, saved, dispatch, setParked, home };
  const { selling, sellingNow, sentHere, notSold, sold, rekey } = useSaleOnItsWay(refs);
  const { park, resume, bringBack, drop } = useParking(refs);

  // Saved as it changes (after a pause in typing); an emptied cart is dropped.
  useEffect(() => {
    if (!ready) return;
    if (selling.current === cart.id) return;
    // while what became of its sale is unknown, the trace kept in this browser follows the cart
    if (cart.outcome_unknown) followOnItsWay(cart);
    if (hasWork(cart)) {
      writer.later(cart.id, cartDraft(cart));
      saved.current = cart.id;
    } else if (saved.current) {
      void writer.drop(saved.current);
      saved.current = null;
    }
  }, [cart, ready, writer]);

  // a cart from another user of this device, or a first visit: sell at a location this user may use
  const allowedKey = allowedIds.join(',');
  useEffect(() => {
    if (!home) return;
    if (!cart.location_id || (allowedIds.length > 0 && !allowedIds.includes(cart.location_id)))
      dispatch({ type: 'location', id: home });
  }, [cart.location_id, home, allowedKey]);

  // its quantities in the page's decimal sign: after a change of language, or a cart typed in
  // another language coming back (the QA: "1,125" kg typed in German was sent as 1125 kg in English)
  const { i18n } = useTranslation();
  useEffect(() => {
    const to = typedDecimal();
    if (cart.decimal !== to) dispatch({ type: 'retype', to });
  }, [i18n.language, cart.decimal]);

  const newSale = useCallback(() => dispatch({ type: 'new', id: uuidv7() }), []);
  /** The cart as it is now (an answer that arrives later is about the cart it was sent for). */
  const current = useCallback(() => cartNow.current, []);

  return {
    cart,
    dispatch,
    parked,
    park,
    resume,
    drop,
    newSale,
    sellingNow,
    sentHere,
    notSold,
    sold,
    rekey,
    bringBack,
    current,
    ready,
    recordedElsewhere,
  };
}

interface Restore {
  userId: string;
  writer: DraftWriter;
  cartNow: RefObject<Cart>;
  saved: RefObject<string | null>;
  dispatch: (a: CartAction) => void;
  setParked: (list: ParkedSale[]) => void;
}

/**
 * Once, when the user's drafts arrive: their cart and parked sales come back (and what an older
 * till left in local storage moves to the server). A cart already begun meanwhile stays, and the
 * saved one is parked rather than lost. Answers whether that is done: until then nothing is saved,
 * so a cart begun early cannot replace the saved one unseen.
 */
function useRestoredWork({ userId, writer, cartNow, saved, dispatch, setParked }: Restore): boolean {
  const drafts = useQuery(tillDraftsQuery(userId));
  // With the drafts in at mount (useTillStart waits for them) and nothing in them to bring back,
  // it is done from the first render: the till does not render whole again to learn so (issue 21).
  const [ready, setReady] = useState(() => drafts.data !== undefined && nothingToRestore(drafts.data));
  useEffect(() => {
    if (drafts.isError && !ready) setReady(true); // unreadable now: what is rung up from here is still saved
    if (!drafts.data || ready) return;
    const server = tillDraftsOf(drafts.data);
    const legacy = takeLegacyTillWork();
    for (const p of legacy.parked) void writer.now(p.cart.id, parkedDraft(p.cart, p.name));
    const list = [
      ...legacy.parked,
      ...server.parked.filter((p) => !legacy.parked.some((l) => l.cart.id === p.cart.id)),
    ];
    const kept = legacy.cart ?? server.cart;
    // the saved cart comes back unless one was begun meanwhile: then it is parked
    const back = kept && !hasWork(cartNow.current) ? kept : null;
    if (back) saved.current = back.id;
    else if (kept) {
      void writer.now(kept.id, parkedDraft(kept, ''));
      list.unshift({ name: '', parked_at: new Date().toISOString(), cart: kept });
    }
    // rendered in slices, as the till's mount is (issue 21): keys pressed meanwhile go first
    startTransition(() => {
      if (back) dispatch({ type: 'replace', cart: back });
      if (list.length > 0) setParked(list);
      setReady(true);
    });
  }, [drafts.data, drafts.isError, ready, writer, cartNow, saved, dispatch, setParked]);
  return ready;
}
