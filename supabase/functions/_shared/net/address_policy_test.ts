import assert from "node:assert/strict";
import { forbiddenAddressReason, isIpLiteral } from "./address_policy.ts";

const check = (cases: Array<[string, string | null]>) => {
  for (const [address, expected] of cases) assert.equal(forbiddenAddressReason(address), expected, address);
};

Deno.test("IPv4: private and special-purpose ranges are refused, public unicast is not", () => {
  check([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", null],
    ["192.168.1.1", "private"],
    ["169.254.10.10", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["100.100.100.200", "cloud metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["100.128.0.1", null],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["8.8.8.8", null],
    ["93.184.216.34", null],
  ]);
});

Deno.test("IPv4 loopback in decimal, octal, hexadecimal and short forms", () => {
  check([
    ["2130706433", "loopback"],
    ["017700000001", "loopback"],
    ["0x7f000001", "loopback"],
    ["0x7f.1", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["0x7F.0.0.1", "loopback"],
    ["127.1", "loopback"],
    ["127.0.1", "loopback"],
    ["0", "unspecified"],
    ["0xa9fea9fe", "cloud metadata"],
    ["3232235521", "private"],
  ]);
});

Deno.test("IPv6: loopback, link-local, unique-local, site-local, multicast, reserved and metadata", () => {
  check([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fec0::1", "site-local"],
    ["fd00:ec2::254", "cloud metadata"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["100::1", "reserved"],
    ["2001::1", "Teredo"],
    ["64:ff9b:1::a00:1", "NAT64 local-use"],
    ["2606:4700:4700::1111", null],
    ["2a00:1450:4001:82b::200e", null],
  ]);
});

Deno.test("IPv6 forms that embed an IPv4 address are judged by that address", () => {
  check([
    // IPv4-mapped ::ffff:0:0/96, dotted and hex.
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback"],
    ["[::ffff:7f00:1]", "IPv4-mapped loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped loopback"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped cloud metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:8.8.8.8", null],
    // IPv4-translated ::ffff:0:0:0/96 (RFC 6145).
    ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
    ["::ffff:0:c0a8:101", "IPv4-translated private"],
    ["::ffff:0:8.8.8.8", null],
    // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052).
    ["64:ff9b::10.0.0.1", "NAT64 private"],
    ["64:ff9b::7f00:1", "NAT64 loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 cloud metadata"],
    ["64:ff9b::8.8.8.8", null],
    // 6to4 2002::/16 carries the IPv4 address in bits 16-47.
    ["2002:7f00:1::", "6to4 loopback"],
    ["2002:c0a8:101::1", "6to4 private"],
    ["2002:a9fe:a9fe::", "6to4 cloud metadata"],
    ["2002:808:808::1", null],
    // Deprecated IPv4-compatible ::a.b.c.d.
    ["::127.0.0.1", "IPv4-compatible (deprecated)"],
    ["::7f00:1", "IPv4-compatible (deprecated)"],
    ["::8.8.8.8", "IPv4-compatible (deprecated)"],
  ]);
});

Deno.test("anything that is not an IP literal is refused", () => {
  check([
    ["not-an-ip", "not an IP address"],
    ["1:2:3:4:5:6:7:8:9", "not an IP address"],
    ["256.0.0.1", "not an IP address"],
    ["", "not an IP address"],
    ["fe80::1%eth0", "not an IP address"],
    ["[::1", "not an IP address"],
  ]);
});

Deno.test("isIpLiteral: URL-normalised IPv4 and bracketed IPv6 are literals, names are not", () => {
  assert.equal(isIpLiteral("127.0.0.1"), true);
  assert.equal(isIpLiteral("[::1]"), true);
  assert.equal(isIpLiteral(new URL("http://0x7f.1/").hostname), true);
  assert.equal(isIpLiteral("example.com"), false);
  assert.equal(isIpLiteral("1.example"), false);
});
