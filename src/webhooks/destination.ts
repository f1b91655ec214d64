import { BlockList, isIP } from 'node:net';
import type { KeyMode } from '../auth/api-key';

/** Non-global ranges a webhook must never reach unless private destinations are allowed. */
const NON_GLOBAL: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 'ipv6'], // NAT64: would reach IPv4 addresses unchecked
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'], // IETF protocol assignments, including Teredo
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'], // 6to4
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

/** Cloud metadata services: refused even when private destinations are allowed. */
const metadata = new BlockList();
metadata.addAddress('169.254.169.254', 'ipv4');
metadata.addAddress('169.254.170.2', 'ipv4');
metadata.addAddress('fd00:ec2::254', 'ipv6');

const nonGlobal = new BlockList();
for (const [net, prefix, type] of NON_GLOBAL) nonGlobal.addSubnet(net, prefix, type);

/**
 * Why a resolved address may not be connected to, or null; metadata addresses are refused regardless. BlockList
 * judges an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) by its IPv4 rules.
 */
export function refusedAddressReason(address: string, allowPrivate: boolean): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const zone = bare.indexOf('%');
  const ip = zone === -1 ? bare : bare.slice(0, zone);
  const family = isIP(ip);
  if (family === 0) return `not an IP address: ${address}`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (metadata.check(ip, type)) return `${address} is a cloud metadata address`;
  if (allowPrivate) return null;
  return nonGlobal.check(ip, type)
    ? `${address} is a private, loopback, link-local or reserved address`
    : null;
}

export class DestinationError extends Error {
  override name = 'DestinationError';
}

/**
 * Registration's checks, made again before every attempt (a literal address never goes through the lookup);
 * hostnames are checked again at every connection, on the address connected to.
 */
export function validateEndpointUrl(raw: string, mode: KeyMode, allowPrivate: boolean): URL {
  if (!URL.canParse(raw)) throw new DestinationError('The URL is not a valid absolute URL.');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new DestinationError('The URL must use https (or http for test-mode endpoints).');
  }
  if (mode === 'live' && url.protocol !== 'https:') {
    throw new DestinationError('Live-mode endpoints must use https.');
  }
  if (url.username || url.password) throw new DestinationError('The URL must not contain credentials.');
  if (url.hash) throw new DestinationError('The URL must not contain a fragment.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const reason = isIP(host) ? refusedAddressReason(host, allowPrivate) : null;
  if (reason) throw new DestinationError(`Destination refused: ${reason}.`);
  return url;
}
