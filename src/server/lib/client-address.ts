import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key per-IP rate limits count under (docs/api.md §9). An IPv4 address is itself; an IPv6
 * client is its /64, the block one subscriber usually gets: counting each of its 2^64 addresses
 * apart would let one person change address at every request. A port some proxies append to the
 * address they forward (`203.0.113.7:51234`, `[2001:db8::1]:443`) is not part of it.
 */
export function clientKey(ip: string): string {
  const address = withoutPort(ip.trim());
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  // An IPv4 address mapped into IPv6 (::ffff:203.0.113.7 or ::ffff:cb00:7107) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function withoutPort(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) return bracketed[1];
  const withPort = /^([\d.]+):\d+$/.exec(ip);
  return withPort && isIPv4(withPort[1]) ? withPort[1] : ip;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const all =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.map((g) => Number.parseInt(g, 16));
}
