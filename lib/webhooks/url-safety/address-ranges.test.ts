import { describe, expect, it } from "vitest";
import { classifyAddress, refusedCategory } from "./address-ranges";

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["2001:db8::1", "reserved"],
    ["192.0.2.1", "reserved"],
    // IPv4 inside IPv6: mapped (both spellings), compatible, NAT64 and 6to4.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["not-an-ip", "invalid"],
  ])("%s is %s", (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toBeNull();
  });
});

describe("refusedCategory", () => {
  it("lets private targets through only when allowed, metadata never", () => {
    expect(refusedCategory({ address: "127.0.0.1", allowPrivate: false })).toBe("loopback");
    expect(refusedCategory({ address: "127.0.0.1", allowPrivate: true })).toBeNull();
    expect(refusedCategory({ address: "10.0.0.1", allowPrivate: true })).toBeNull();
    expect(refusedCategory({ address: "169.254.169.254", allowPrivate: true })).toBe("metadata");
    expect(refusedCategory({ address: "::ffff:169.254.169.254", allowPrivate: true })).toBe(
      "metadata",
    );
    expect(refusedCategory({ address: "0.0.0.0", allowPrivate: true })).toBe("unspecified");
    expect(refusedCategory({ address: "8.8.8.8", allowPrivate: false })).toBeNull();
  });
});
