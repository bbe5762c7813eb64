import type { TFunction } from 'i18next';

/**
 * A debtor's balance as the debtors list says it: what they owe as money, and a balance below
 * zero (they paid more than they owed, or a sale was reversed once paid for) as "In credit X",
 * never as a negative amount. The list's badge, the statement's opening, running and closing
 * balances (on screen and printed) and the till's chosen debtor all say it so.
 */
export function balanceWords(balance: number, money: (minor: number) => string, t: TFunction): string {
  return balance < 0 ? t('debtors.inCreditBy', { amount: money(-balance) }) : money(balance);
}
