/** What kind of address a session signed in from, for a short description of it. */
export type IpKind = 'unknown' | 'thisComputer' | 'local' | 'public';

/** An address as a person reads it: IPv4 given as IPv6 (`::ffff:…`) as IPv4, an IPv6 cut to its network. */
export interface IpWords {
  kind: IpKind;
  /** The address to show, shortened: an IPv6 address by its first four groups and "…". */
  short: string;
  /** The whole address (a tooltip). */
  full: string;
}

/** An IPv6 address longer than this is shown by its first groups. */
const SHORT_V6 = 19;

function v4Parts(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const n = parts.map(Number);
  return n.every((x) => x <= 255) ? n : null;
}

function v4Kind([a, b]: number[]): IpKind {
  if (a === 127) return 'thisComputer';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return 'local';
  if (a === 169 && b === 254) return 'local';
  // the carrier-grade NAT range is a mobile network's, not the shop's: public
  return 'public';
}

/** Where an IPv6 address (lower case, no zone) is: this computer, the local network or the internet. */
function v6Kind(ip: string): IpKind {
  if (ip === '::1') return 'thisComputer';
  const first = ip.split(':')[0] ?? '';
  const head = parseInt(first || '0', 16);
  if ((head & 0xfe00) === 0xfc00) return 'local'; // fc00::/7, unique local
  if ((head & 0xffc0) === 0xfe80) return 'local'; // fe80::/10, link local
  return 'public';
}

/** Describes the address a session signed in from (null: the server did not record one). */
export function ipWords(ip: string | null): IpWords {
  if (!ip) return { kind: 'unknown', short: '', full: '' };
  const full = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(full)?.[1];
  const v4 = v4Parts(mapped ?? full);
  if (v4) return { kind: v4Kind(v4), short: mapped ?? full, full: mapped ?? full };
  if (!full.includes(':')) return { kind: 'public', short: full, full };
  // its network part, up to four groups (a long address does not fit a phone's line)
  const head: string[] = [];
  for (const g of full.split(':')) {
    if (!g || head.length === 4) break;
    head.push(g);
  }
  const short = full.length > SHORT_V6 && head.length ? `${head.join(':')}:…` : full;
  return { kind: v6Kind(full), short, full };
}
