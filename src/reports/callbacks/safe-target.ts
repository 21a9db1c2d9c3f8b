/**
 * Where a callback may go: https to a public address. The address is checked when the
 * connection is made (the lookup of the request itself), so a name that resolves to a public
 * address when checked and to an internal one when connecting cannot slip through.
 */
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) blocked.addSubnet(prefix, bits, 'ipv6');

export class UnsafeCallbackTarget extends Error {}

/** True for loopback, private, link-local (cloud metadata), shared, reserved and multicast addresses. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
      const list = addresses as unknown as dns.LookupAddress[];
      const allowed = list.filter((a) => !isInternalAddress(a.address) || (policy.allowLoopback && a.address === '127.0.0.1'));
      if (!allowed.length || allowed.length !== list.length) {
        return callback(new UnsafeCallbackTarget(`callback host ${hostname} resolves to an internal address`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
