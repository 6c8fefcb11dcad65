import net from 'node:net';

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64
 * network. One IPv6 subscriber gets a whole /64 (RFC 6177) and can pick a new address in it for every request,
 * so counting exact addresses let 150 of 150 public calls through a limit of 60. An IPv4 address written as
 * IPv6 (`::ffff:192.0.2.1`, a dual-stack socket) counts as that IPv4 address.
 */
export function addressKey(address: string): string {
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) stands for two groups, outside the first four anyway.
  const missing = 8 - left.length - right.length - right.filter((group) => group.includes('.')).length;
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, missing)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
