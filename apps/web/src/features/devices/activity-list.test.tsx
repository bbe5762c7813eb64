import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { type JournalEntry, PAYMENT_METHODS, SALE_KINDS } from '@duka/domain';
import { makeSession, renderApp, testI18n } from '../../test/render';
import { ActivityList, actionWords } from './activity-list';
import { JOURNAL_PAGE } from './devices-api';

const SERVER = join(__dirname, '../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every action the server writes to the journal: its literals, and the ones it builds from a kind. */
function serverActions(): string[] {
  const found = new Set<string>();
  for (const file of sources(SERVER)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    // `action: '…'`, and `const action = cond ? '…' : '…'` over the lines that follow it
    lines.forEach((line, i) => {
      if (!/\baction(?::| =)/.test(line)) return;
      for (const near of lines.slice(i, i + 5))
        for (const m of near.matchAll(/'([a-z_]+\.[a-z_]+|sign_in)'/g)) found.add(m[1]!);
    });
  }
  for (const kind of SALE_KINDS) found.add(`sale.${kind}`).add(`sale.reverse_${kind}`);
  for (const method of PAYMENT_METHODS) found.add(`debtor.payment_${method}`);
  for (const kind of ['receipt', 'positive', 'negative', 'transfer']) found.add(`stock.${kind}`);
  for (const verb of ['approve', 'block', 'reset']) found.add(`device.${verb}`);
  // a value a sync would have changed, kept (sync/kept-values.ts: `${docType}.kept`)
  for (const doc of ['business', 'product', 'location', 'user']) found.add(`${doc}.kept`);
  return [...found].sort();
}

describe('the activity list', () => {
  it('words an action, not its code: in German, a cash sale is "Barverkauf"', async () => {
    const i18n = await testI18n('de');
    expect(actionWords(i18n.t, i18n, { action: 'sale.cash', doc_type: 'sale' })).toBe('Barverkauf');
    expect(actionWords(i18n.t, i18n, { action: 'stock_count.finalise', doc_type: 'stock_count' })).toBe(
      'Inventur abgeschlossen',
    );
    // a newer server's action: its document's kind; neither known: a dash, never the code
    expect(actionWords(i18n.t, i18n, { action: 'sale.something_new', doc_type: 'sale' })).toBe('Verkauf');
    expect(actionWords(i18n.t, i18n, { action: 'sale', doc_type: 'sale' })).toBe('Verkauf');
    expect(actionWords(i18n.t, i18n, { action: 'x.y', doc_type: 'x' })).toBe('—');
  });

  it('has words for every action the server writes, in every language', async () => {
    const actions = serverActions();
    expect(actions.length).toBeGreaterThan(40);
    for (const lng of ['en', 'es', 'pt', 'de'] as const) {
      const i18n = await testI18n(lng);
      const missing = actions.filter((a) => !i18n.exists(`activity.action.${a}`));
      expect(missing, lng).toEqual([]);
    }
  });
});

describe('the activity list on screen', () => {
  const entry = (seq: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
    seq,
    doc_type: 'user',
    doc_id: 'u2',
    action: 'user.update',
    user_id: 'u1',
    user_name: 'Grace Owner',
    device_id: 'R78B95BDE89E39BA4',
    device_name: 'Front till',
    subject_name: 'Joe Kamau',
    created_at: '2026-12-07T08:00:00.000Z',
    detail: null,
    ...over,
  });

  it("names whom an entry is about and the device by its name, says why a deactivated user's sign-in failed, and reads older entries on asking", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        const first = !url.includes('before_seq');
        const page = first
          ? [
              entry(300, {
                action: 'auth.login_failed',
                detail: { reason: 'inactive' },
                subject_name: 'Joe Kamau',
              }),
              ...Array.from({ length: JOURNAL_PAGE - 1 }, (_, i) => entry(299 - i)),
            ]
          : [entry(150, { action: 'user.deactivate', device_name: null, device_id: 'OLDTILL' })];
        return Promise.resolve(Response.json(page));
      }),
    );
    await renderApp(<ActivityList />, { session: makeSession() });
    expect(await screen.findByText('Sign-in refused: account deactivated')).toBeInTheDocument();
    expect(screen.getAllByText('Front till').length).toBeGreaterThan(1);
    expect(screen.queryByText('R78B95BDE89E39BA4')).toBeNull();
    expect(screen.getAllByText(/Joe Kamau/).length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('OLDTILL')).toBeInTheDocument();
    expect(asked.at(-1)).toContain(
      `before_time=${encodeURIComponent('2026-12-07T08:00:00.000Z')}&before_seq=${300 - JOURNAL_PAGE + 1}`,
    );
    // the last page was short: nothing older to ask for
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    vi.unstubAllGlobals();
  });
});
