import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail made two groups). */
function groupsOf(ip: string): number[] {
  const address = ip.split('%')[0] ?? ''; // without a zone (fe80::1%eth0)
  const [head = '', tail] = address.split('::');
  const parts = (text: string) => {
    if (text === '') return [];
    return text.split(':').flatMap((part) => {
      if (!part.includes('.')) return [parseInt(part, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const front = parts(head);
  if (tail === undefined) return front;
  const back = parts(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address a per-address limit counts a client under (sign-in failures, request floods): an
 * IPv4 address as it is, an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`) as its IPv4, and any other
 * IPv6 address as its /64 (`2001:db8:1:2::/64`), since one subscriber is given a whole /64 and
 * may take a new address from it at every request. Anything else (not an IP) as it is.
 */
export function addressForLimits(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const g = groupsOf(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
