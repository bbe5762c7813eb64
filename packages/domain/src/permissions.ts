/** The role flags of the stock menu (seed spec §3, §6), in the spec's order. */
export const STOCK_FLAGS = [
  'manage_stock',
  'adding_supplier_stock',
  'adding_stock_positive',
  'adding_stock_negative',
  'adding_interlocation',
  'stock_taking',
] as const;

/** The role flags of selling, reversing and expenses (seed spec §3, §6), in the spec's order. */
export const SALES_FLAGS = [
  'sell_cash',
  'sell_debtors',
  'sell_transfer',
  'current_sales',
  'reversing_cash',
  'adding_expenses',
] as const;

/** The twelve role flags of the seed spec (§3), in the spec's order. A flag counts when it is 1. */
export const ROLE_FLAGS = [...STOCK_FLAGS, ...SALES_FLAGS] as const;

/** The two report view permissions of the seed spec (§3, §6). */
export const REPORT_FLAGS = ['view_stock_report', 'view_sales_report'] as const;

export const ALL_FLAGS = [...ROLE_FLAGS, ...REPORT_FLAGS] as const;

export type RoleFlag = (typeof ROLE_FLAGS)[number];
export type ReportFlag = (typeof REPORT_FLAGS)[number];
export type Flag = (typeof ALL_FLAGS)[number];

/** Every flag as 0 or 1, the shape of the login response's `user_roles`. */
export type UserRoles = Record<Flag, 0 | 1>;

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Role comparison is case-insensitive (seed spec §2, §6). */
export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.trim().toLowerCase() === 'admin';
}

/** A user's flags as the 0/1 map, from a list of granted flags. Unknown names are ignored. */
export function rolesFromFlags(flags: readonly string[]): UserRoles {
  const granted = new Set(flags);
  return Object.fromEntries(ALL_FLAGS.map((f) => [f, granted.has(f) ? 1 : 0])) as UserRoles;
}

export function flagsFromRoles(roles: Partial<Record<string, number>>): Flag[] {
  return ALL_FLAGS.filter((f) => roles[f] === 1);
}

export function isFlag(value: string): value is Flag {
  return (ALL_FLAGS as readonly string[]).includes(value);
}

/** Who may use something: anybody, any signed-in user, admins only, or holders of a flag. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'admin' }
  | { kind: 'flag'; flag: Flag }
  | { kind: 'anyFlag'; flags: readonly Flag[] };

export interface Principal {
  role: string;
  roles: Partial<Record<string, number>>;
}

/**
 * The flags whose work shows what goods cost: managing stock (every movement and its cost),
 * receiving from suppliers (unit costs), the stock report (stock at cost).
 */
export const COST_FLAGS = [
  'manage_stock',
  'adding_supplier_stock',
  'view_stock_report',
] as const satisfies readonly Flag[];

/** Whether a signed-in principal sees what goods cost (a product's average cost and buying price). */
export function seesCosts(principal: Principal): boolean {
  return isAdminRole(principal.role) || COST_FLAGS.some((f) => principal.roles[f] === 1);
}

/** Whether a signed-in principal passes an access rule. Admins pass every rule. */
export function allows(principal: Principal | null, access: Access): boolean {
  if (access.kind === 'public') return true;
  if (!principal) return false;
  if (isAdminRole(principal.role)) return true;
  switch (access.kind) {
    case 'signedIn':
      return true;
    case 'admin':
      return false;
    case 'flag':
      return principal.roles[access.flag] === 1;
    case 'anyFlag':
      return access.flags.some((f) => principal.roles[f] === 1);
  }
}

/**
 * Ready-made sets of rights for a staff user (issue 16): a cashier sells of every kind, sees the
 * current sales and closes the day; a storekeeper receives, adjusts, counts and moves stock; a
 * manager has every flag (users and the business profile stay the admin's). A staff user added
 * with no rights chosen is a cashier. The rights stay editable one by one.
 */
export const ROLE_PRESETS = {
  cashier: ['sell_cash', 'sell_debtors', 'sell_transfer', 'current_sales'],
  storekeeper: [
    'adding_supplier_stock',
    'adding_stock_positive',
    'adding_stock_negative',
    'adding_interlocation',
    'stock_taking',
    'view_stock_report',
  ],
  manager: ALL_FLAGS,
} as const satisfies Record<string, readonly Flag[]>;
export type RolePreset = keyof typeof ROLE_PRESETS;
export const ROLE_PRESET_NAMES = Object.keys(ROLE_PRESETS) as RolePreset[];
export const DEFAULT_STAFF_PRESET: RolePreset = 'cashier';

/** The preset whose flags are exactly these, or null (rights chosen one by one). */
export function presetOf(flags: readonly string[]): RolePreset | null {
  const have = new Set(flags.filter(isFlag));
  for (const name of ROLE_PRESET_NAMES) {
    const want = ROLE_PRESETS[name];
    if (want.length === have.size && want.every((f) => have.has(f))) return name;
  }
  return null;
}
