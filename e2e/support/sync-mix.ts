import { v7 } from 'uuid';
import { Refused, type Send, shopToday } from './sync-send';
import {
  type Count,
  PNG,
  type Person,
  type Product,
  type Rand,
  type Sold,
  dayBefore,
} from './sync-mix-model';

// A seeded random mix of a shop's writes through the local server's HTTP API (ADR 11 §10): sales
// of the three kinds, reversals, debtor payments, money transfers confirmed, stock receipts,
// adjustments and transfers between locations, stock counts (start, entries, finalise or
// cancel), expenses and voids, product creates and edits, a CSV import, users created, edited,
// deactivated and given new passwords, debtors, suppliers, categories and providers. It keeps a
// small model of the shop (what exists, what is left to reverse) so every write is one the
// server accepts; any other answer fails the run.

export class ShopMix {
  readonly counts: Record<string, number> = {};
  private locations: string[] = [];
  private products: Product[] = [];
  private suppliers: string[] = [];
  private debtors: string[] = [];
  private providers: string[] = [];
  private categories: string[] = [];
  private sales: Sold[] = [];
  private expenses: string[] = [];
  private openCounts: Count[] = [];
  private users: Person[] = [];
  private serial = 0;
  private readonly tag: string;

  constructor(
    private readonly rand: Rand,
    private readonly send: Send,
    private readonly upload: (png: Buffer) => Promise<string>,
  ) {
    this.tag = Math.floor(rand() * 36 ** 4)
      .toString(36)
      .toUpperCase()
      .padStart(4, '0');
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)]!;
  }
  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  private next(prefix: string): string {
    this.serial += 1;
    return `${prefix}${this.tag}${this.serial}`;
  }
  private anyActive(): Product {
    return this.pick(this.products.filter((p) => p.active));
  }
  /** A write that takes stock: when the location has too little, stock is received and it goes again. */
  private async stocked<T>(location: string, write: () => Promise<T>): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await write();
      } catch (err) {
        const e = err instanceof Refused ? err.body?.error : undefined;
        if (i >= 5 || e?.code !== 'insufficient_stock') throw err;
        const p = this.products.find((x) => x.id === e.params?.product_id);
        if (!p) throw err;
        await this.receipt(location, [p], this.int(100, 300) * 1000);
      }
    }
  }
  private done(op: string): void {
    this.counts[op] = (this.counts[op] ?? 0) + 1;
  }

  /** The shop before the mix: a second location, suppliers, products stocked at both, the lists. */
  async setUp(): Promise<void> {
    const locations = (await this.send('GET', '/api/locations')) as { id: string }[];
    this.locations.push(locations[0]!.id);
    this.locations.push((await this.send('POST', '/api/locations', { name: 'Branch' })).id);
    for (let i = 0; i < 2; i++) await this.newSupplier();
    for (let i = 0; i < 8; i++) await this.newProduct();
    for (const loc of this.locations) await this.receipt(loc, this.products, 200_000);
    for (let i = 0; i < 2; i++) await this.newDebtor();
    await this.newProvider();
    await this.newCategory();
    await this.newUser();
    const image = await this.upload(PNG);
    await this.send('PATCH', `/api/products/${this.products[0]!.id}`, { image });
    this.done('image');
  }

  /** The weights of each kind of write. */
  private readonly ops: [number, () => Promise<void>][] = [
    [20, () => this.sale('cash')],
    [6, () => this.sale('debtor')],
    [6, () => this.sale('transfer')],
    [5, () => this.reversal()],
    [4, () => this.payment()],
    [2, () => this.confirmTransfer()],
    [3, () => this.receipt(this.pick(this.locations), [this.anyActive()], this.int(5, 50) * 1000)],
    [3, () => this.adjustment()],
    [3, () => this.stockTransfer()],
    [4, () => this.countStep()],
    [4, () => this.expense()],
    [2, () => this.voidExpense()],
    [4, () => this.editProduct()],
    [1.5, () => this.newProduct()],
    [0.5, () => this.importCsv()],
    [1, () => this.newUser()],
    [1.5, () => this.editUser()],
    [0.5, () => this.resetPassword()],
    [1, () => this.newDebtor()],
    [1, () => this.editDebtor()],
    [0.5, () => this.newSupplier()],
    [0.5, () => this.editSupplier()],
    [0.4, () => this.newCategory()],
    [0.3, () => this.newProvider()],
    [0.3, () => this.renameLocation()],
  ];

  /** One write, drawn by weight. */
  async step(): Promise<void> {
    const total = this.ops.reduce((a, [w]) => a + w, 0);
    let r = this.rand() * total;
    for (const [w, op] of this.ops) {
      r -= w;
      if (r < 0) return op();
    }
    return this.ops[0]![1]();
  }

  private async newProduct(): Promise<void> {
    const code = this.next('P');
    const p = {
      id: v7(),
      name: `Product ${code}`,
      code,
      price: this.int(10, 400) * 50,
      tax_rate: this.pick([0, 0, 1600]),
      barcodes: this.rand() < 0.5 ? [this.next('600')] : [],
      category: this.pick(['Dry goods', 'Drinks', 'Household']),
      // sold by weight: the mix sells and reverses half kilograms (a product sold each takes whole
      // quantities only: quantity_not_whole)
      unit: 'kg',
    };
    await this.send('POST', '/api/products', p);
    this.products.push({ id: p.id, code, price: p.price, barcodes: p.barcodes, active: true });
    this.done('product.create');
  }

  private async editProduct(): Promise<void> {
    const p = this.pick(this.products);
    const r = this.rand();
    let patch: Record<string, unknown>;
    if (r < 0.4) patch = { price: (p.price = this.int(10, 400) * 50) };
    else if (r < 0.55) patch = { name: `Product ${p.code} ${this.next('v')}` };
    else if (r < 0.7) patch = { barcodes: (p.barcodes = [...p.barcodes, this.next('700')].slice(-3)) };
    else if (r < 0.8) patch = { category: this.pick(['Dry goods', 'Drinks', 'Household', 'Fresh']) };
    else if (r < 0.9) patch = { reorder_level: this.int(0, 20) * 1000, tax_rate: this.pick([0, 1600]) };
    else patch = { active: (p.active = !p.active || this.products.filter((x) => x.active).length < 4) };
    try {
      await this.send('PATCH', `/api/products/${p.id}`, patch);
    } catch (err) {
      // a product some location holds stock of is not deactivated: its price changes instead
      if (!(err instanceof Refused) || err.body?.error?.code !== 'product_holds_stock') throw err;
      p.active = true;
      await this.send('PATCH', `/api/products/${p.id}`, { price: (p.price = this.int(10, 400) * 50) });
    }
    this.done('product.update');
  }

  /** Two new products and a new price for an existing one, as one committed CSV import. */
  private async importCsv(): Promise<void> {
    const old = this.pick(this.products);
    const fresh = [this.next('C'), this.next('C')];
    const price = this.int(10, 400) * 50;
    const rows = [
      'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active',
      `${old.code},Product ${old.code} imported,${old.barcodes.join('|')},Dry goods,kg,${price / 100},0,0,${old.active ? 'yes' : 'no'}`,
      ...fresh.map((c) => `${c},Imported ${c},,Drinks,kg,${this.int(1, 90)}.50,16,1,yes`),
    ];
    const r = await this.send('POST', '/api/products/import', { csv: `${rows.join('\n')}\n`, commit: true });
    if (r && !r.committed) throw new Error(`the CSV import was not committed: ${JSON.stringify(r)}`);
    old.price = price;
    const list = (await this.send('GET', `/api/products?q=${this.tag}&include_inactive=true&limit=500`)) as {
      id: string;
      code: string;
      price: number;
    }[];
    for (const c of fresh) {
      const made = list.find((x) => x.code === c);
      if (!made) throw new Error(`imported product ${c} not found`);
      this.products.push({ id: made.id, code: c, price: made.price, barcodes: [], active: true });
    }
    this.done('product.import');
  }

  private async sale(kind: Sold['kind']): Promise<void> {
    const n = this.int(1, 3);
    const lines = Array.from({ length: n }, () => ({
      product_id: this.anyActive().id,
      quantity: this.int(1, 4) * 1000 + (this.rand() < 0.1 ? 500 : 0),
    }));
    const body: Record<string, unknown> = {
      id: v7(),
      kind,
      location_id: this.pick(this.locations),
      lines,
    };
    if (kind === 'cash') body.tendered = 10_000_000;
    if (kind === 'debtor') body.debtor_id = this.pick(this.debtors);
    if (kind === 'transfer')
      Object.assign(body, { provider_id: this.pick(this.providers), reference: this.next('MP') });
    if (this.rand() < 0.1) body.discount = 10;
    const sale = await this.stocked(String(body.location_id), () => this.send('POST', '/api/sales', body));
    const made = sale ?? (await this.send('GET', `/api/sales/${String(body.id)}`));
    this.sales.push({
      id: made.id,
      kind,
      lines: (made.lines as { line_no: number; quantity: number }[]).map((l) => ({
        line_no: l.line_no,
        left: l.quantity,
      })),
    });
    this.done(`sale.${kind}`);
  }

  private async reversal(): Promise<void> {
    const open = this.sales.filter((s) => s.lines.some((l) => l.left > 0));
    if (open.length === 0) return this.sale('cash');
    const sale = this.pick(open);
    const line = this.pick(sale.lines.filter((l) => l.left > 0));
    const quantity =
      this.rand() < 0.5 ? line.left : this.int(1, Math.max(1, Math.floor(line.left / 500))) * 500;
    const q = Math.min(quantity, line.left);
    const body: Record<string, unknown> = {
      id: v7(),
      reason: 'Returned by the customer',
      lines: [{ line_no: line.line_no, quantity: q }],
    };
    if (sale.kind === 'transfer') body.reference = this.next('RF');
    await this.send('POST', `/api/sales/${sale.id}/reversals`, body);
    line.left -= q;
    this.done(`reversal.${sale.kind}`);
  }

  private async payment(): Promise<void> {
    const debtor = this.pick(this.debtors);
    const { balance } = (await this.send('GET', `/api/debtors/${debtor}`)) as { balance: number };
    if (balance <= 0) return this.sale('debtor');
    const amount = Math.max(1, Math.min(balance, this.int(1, 50) * 100));
    const transfer = this.rand() < 0.4;
    await this.send('POST', `/api/debtors/${debtor}/payments`, {
      id: v7(),
      amount,
      method: transfer ? 'transfer' : 'cash',
      location_id: this.pick(this.locations),
      ...(transfer ? { provider_id: this.pick(this.providers), reference: this.next('PM') } : {}),
    });
    this.done(`payment.${transfer ? 'transfer' : 'cash'}`);
  }

  private async confirmTransfer(): Promise<void> {
    const list = (await this.send('GET', '/api/transfers?status=unconfirmed&limit=50')) as {
      items: { id: string }[];
    };
    if (list.items.length === 0) return this.sale('transfer');
    await this.send('POST', `/api/transfers/${this.pick(list.items).id}/confirm`);
    this.done('transfer.confirm');
  }

  private async receipt(location: string, products: Product[], quantity: number): Promise<void> {
    await this.send('POST', '/api/stock/receipts', {
      id: v7(),
      supplier_id: this.pick(this.suppliers),
      location_id: location,
      invoice_number: this.next('INV'),
      lines: products.map((p) => ({
        product_id: p.id,
        quantity,
        unit_cost: Math.max(1, Math.floor((p.price * this.int(40, 80)) / 100)),
      })),
    });
    this.done('stock.receipt');
  }

  private async adjustment(): Promise<void> {
    const positive = this.rand() < 0.4;
    const reason = positive
      ? this.pick(['found', 'returned', 'correction'])
      : this.pick(['damaged', 'expired', 'lost_or_stolen', 'own_use', 'correction']);
    const location = this.pick(this.locations);
    const body = {
      id: v7(),
      location_id: location,
      reason,
      note: 'mix',
      lines: [{ product_id: this.anyActive().id, quantity: this.int(1, 5) * 1000 }],
    };
    await this.stocked(location, () =>
      this.send('POST', `/api/stock/${positive ? 'positive' : 'negative'}`, body),
    );
    this.done(`stock.${positive ? 'positive' : 'negative'}`);
  }

  private async stockTransfer(): Promise<void> {
    const [from, to] = this.rand() < 0.5 ? this.locations : [...this.locations].reverse();
    const body = {
      id: v7(),
      from_location_id: from,
      to_location_id: to,
      lines: [{ product_id: this.anyActive().id, quantity: this.int(1, 10) * 1000 }],
    };
    await this.stocked(from!, () => this.send('POST', '/api/stock/transfers', body));
    this.done('stock.transfer');
  }

  /** A count moves one step: started, an entry, finalised (or now and then cancelled). */
  private async countStep(): Promise<void> {
    const open = this.openCounts[0];
    if (!open) {
      const id = v7();
      const location = this.pick(this.locations);
      await this.send('POST', '/api/stock-counts', { id, location_id: location, note: 'mix count' });
      this.openCounts.push({ id, location, entries: 0 });
      return this.done('count.start');
    }
    if (open.entries < 3 || this.rand() < 0.4) {
      await this.send('POST', `/api/stock-counts/${open.id}/entries`, {
        id: v7(),
        product_id: this.anyActive().id,
        quantity: this.int(1, 300) * 1000,
      });
      open.entries += 1;
      return this.done('count.entry');
    }
    const cancel = this.rand() < 0.15;
    await this.send('POST', `/api/stock-counts/${open.id}/${cancel ? 'cancel' : 'finalise'}`);
    this.openCounts.shift();
    this.done(cancel ? 'count.cancel' : 'count.finalise');
  }

  private async expense(): Promise<void> {
    const transfer = this.rand() < 0.3;
    const id = v7();
    await this.send('POST', '/api/expenses', {
      id,
      date: dayBefore(shopToday(), this.int(0, 5)),
      category_id: this.pick(this.categories),
      amount: this.int(1, 300) * 100,
      method: transfer ? 'transfer' : 'cash',
      location_id: this.pick(this.locations),
      ...(transfer ? { provider_id: this.pick(this.providers), reference: this.next('EX') } : {}),
      note: 'mix',
    });
    this.expenses.push(id);
    this.done('expense.create');
  }

  private async voidExpense(): Promise<void> {
    if (this.expenses.length === 0) return this.expense();
    const i = Math.floor(this.rand() * this.expenses.length);
    const [id] = this.expenses.splice(i, 1);
    await this.send('POST', `/api/expenses/${id}/void`, { id: v7(), reason: 'Entered twice' });
    this.done('expense.void');
  }

  private async newUser(): Promise<void> {
    const username = this.next('staff').toLowerCase();
    const home = this.pick(this.locations);
    const made = await this.send('POST', '/api/users', {
      name: `Staff ${username}`,
      username,
      password: 'staff-pass-123',
      role: 'staff',
      user_roles: { sell_cash: 1, current_sales: 1 },
      home_location_id: home,
      location_ids: [home],
    });
    const id =
      made?.id ??
      ((await this.send('GET', '/api/users')) as { id: string; username: string }[]).find(
        (u) => u.username === username,
      )?.id;
    if (!id) throw new Error(`user ${username} not found`);
    this.users.push({ id, active: true });
    this.done('user.create');
  }

  private async editUser(): Promise<void> {
    const active = this.users.filter((u) => u.active);
    if (active.length === 0) return this.newUser();
    const u = this.pick(active);
    const r = this.rand();
    let patch: Record<string, unknown>;
    if (r < 0.3) patch = { name: `Staff ${this.next('n')}` };
    else if (r < 0.55)
      patch = { user_roles: { sell_cash: 1, sell_debtors: this.int(0, 1), current_sales: 1 } };
    else if (r < 0.8) patch = { location_ids: this.locations, home_location_id: this.pick(this.locations) };
    else {
      patch = { active: false };
      u.active = false;
    }
    await this.send('PATCH', `/api/users/${u.id}`, patch);
    this.done(u.active ? 'user.update' : 'user.deactivate');
  }

  private async resetPassword(): Promise<void> {
    if (this.users.length === 0) return this.newUser();
    await this.send('POST', `/api/users/${this.pick(this.users).id}/password`, {
      password: `new-pass-${this.next('')}`,
    });
    this.done('user.reset_password');
  }

  private async newDebtor(): Promise<void> {
    const id = v7();
    await this.send('POST', '/api/debtors', {
      id,
      name: `Debtor ${this.next('D')}`,
      phone: `+2547${this.int(10_000_000, 99_999_999)}`,
      credit_limit: 1_000_000_000,
    });
    this.debtors.push(id);
    this.done('debtor.create');
  }

  private async editDebtor(): Promise<void> {
    const patch = this.rand() < 0.5 ? { note: `note ${this.next('')}` } : { id_number: this.next('ID') };
    await this.send('PATCH', `/api/debtors/${this.pick(this.debtors)}`, patch);
    this.done('debtor.update');
  }

  private async newSupplier(): Promise<void> {
    const name = `Supplier ${this.next('S')}`;
    const made = await this.send('POST', '/api/suppliers', { name });
    const id =
      made?.id ??
      ((await this.send('GET', '/api/suppliers')) as { id: string; name: string }[]).find(
        (s) => s.name === name,
      )?.id;
    if (!id) throw new Error(`supplier ${name} not found`);
    this.suppliers.push(id);
    this.done('supplier.create');
  }

  private async editSupplier(): Promise<void> {
    await this.send('PATCH', `/api/suppliers/${this.pick(this.suppliers)}`, {
      phone: `07${this.int(10_000_000, 99_999_999)}`,
    });
    this.done('supplier.update');
  }

  private async newCategory(): Promise<void> {
    const id = v7();
    await this.send('POST', '/api/expense-categories', { id, name: `Category ${this.next('K')}` });
    this.categories.push(id);
    this.done('category.create');
  }

  private async newProvider(): Promise<void> {
    const id = v7();
    await this.send('POST', '/api/payment-providers', {
      id,
      name: `Pesa ${this.next('V')}`,
      kind: this.pick(['mobile_money', 'bank']),
    });
    this.providers.push(id);
    this.done('provider.create');
  }

  private async renameLocation(): Promise<void> {
    await this.send('PATCH', `/api/locations/${this.locations[1]!}`, { name: `Branch ${this.next('L')}` });
    this.done('location.update');
  }
}
