import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether a socket address is this machine's own: 127.0.0.0/8, ::1, or 127.x written as an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1, as a dual-stack socket reports it).
 */
export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return v4.startsWith("127.");
  if (!isIPv6(address)) return false;
  // ::1 in any spelling: seven zero groups, then 1. "::" stands for as many zero groups as are missing.
  const [head = [], tail] = address.split("::").map((part) => part.split(":").filter(Boolean));
  const groups = tail ? [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail] : head;
  return groups.length === 8 && groups.every((g, i) => parseInt(g, 16) === (i === 7 ? 1 : 0));
}

/**
 * Whether a URL's hostname names this machine: localhost or a loopback address. Not *.localhost:
 * browsers keep it on loopback, but Node's resolver may ask a DNS server.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || isLoopbackAddress(host);
}
