/**
 * Where a callback may go: https to a public address. The address is checked when the
 * connection is made (the lookup of the request itself), so a name that resolves to a public
 * address when checked and to an internal one when connecting cannot slip through.
 */
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
// IPv6: unspecified, loopback, unique-local, link-local, site-local (deprecated), multicast,
// documentation, discard-only; and the ranges that carry an IPv4 address inside (IPv4-compatible,
// IPv4-translated, the NAT64 prefixes, 6to4, Teredo), which a network with a translator would take to that
// IPv4 address, internal ones included. (IPv4-mapped addresses are checked as their IPv4 address.)
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

export class UnsafeCallbackTarget extends Error {}

/** The eight 16-bit groups of an IPv6 address that net.isIP accepts (a zone id dropped). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::') as [string, string | undefined];
  const groupsOf = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((piece) => {
        if (!piece.includes('.')) return [parseInt(piece, 16)];
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        return [(a << 8) | b, (c << 8) | d];
      });
  const front = groupsOf(head);
  if (tail === undefined) return front;
  const back = groupsOf(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address of an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in any spelling), else undefined. */
function mappedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return undefined;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
}

/** True for loopback, private, link-local (cloud metadata), shared, reserved and multicast addresses, and IPv6 forms that carry one. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const mapped = mappedIpv4(address);
  return mapped === undefined ? blocked.check(address, 'ipv6') : blocked.check(mapped, 'ipv4');
}

export interface TargetPolicy {
  /** Tests only: http://127.0.0.1 is allowed. */
  allowLoopback: boolean;
}

/** Refuses a URL that is not https (or the tests' loopback); the address is checked by `safeLookup`. */
export function checkCallbackUrl(url: URL, policy: TargetPolicy): void {
  const loopbackForTests = policy.allowLoopback && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(loopbackForTests && url.protocol === 'http:')) throw new UnsafeCallbackTarget('callback_url must use https');
  if (url.username || url.password) throw new UnsafeCallbackTarget('callback_url must not carry credentials');
  // An address literal is connected to without a lookup: it is checked here, as are the names that
  // always mean this machine (RFC 6761), which would otherwise be refused only at delivery.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && isInternalAddress(host) && !loopbackForTests) throw new UnsafeCallbackTarget('callback_url points to an internal address');
  if (/(^|\.)localhost\.?$/i.test(host)) throw new UnsafeCallbackTarget('callback_url points to an internal address (localhost)');
}

/** A `lookup` for http(s).request that refuses internal addresses (except the tests' loopback). */
export function safeLookup(policy: TargetPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      const allowed = list.filter((a) => !isInternalAddress(a.address) || (policy.allowLoopback && a.address === '127.0.0.1'));
      if (!allowed.length || allowed.length !== list.length) {
        return callback(new UnsafeCallbackTarget(`callback host ${hostname} resolves to an internal address`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
