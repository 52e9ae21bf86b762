import { describe, expect, test } from "vitest";
import { clientAddressOf, parseTrustedProxies } from "./forwarded-for";

const trusted = parseTrustedProxies("loopback, 10.0.0.0/8, 2001:db8::/32");

describe("clientAddressOf", () => {
  test("an untrusted peer is the client, whatever it forwards", () => {
    expect(clientAddressOf({ peer: "203.0.113.9", forwardedFor: "198.51.100.1", trusted })).toBe(
      "203.0.113.9",
    );
    expect(clientAddressOf({ peer: "::ffff:203.0.113.9", forwardedFor: undefined, trusted })).toBe(
      "203.0.113.9",
    );
  });

  test("behind trusted proxies, the rightmost untrusted hop is the client", () => {
    expect(
      clientAddressOf({
        peer: "127.0.0.1",
        forwardedFor: "1.2.3.4, 198.51.100.7, 10.1.2.3",
        trusted,
      }),
    ).toBe("198.51.100.7");
    expect(clientAddressOf({ peer: "::1", forwardedFor: "2001:db8::5", trusted })).toBe(
      "2001:db8::5",
    );
  });

  test("a trusted peer without a usable header is itself the client", () => {
    expect(clientAddressOf({ peer: "10.0.0.2", forwardedFor: undefined, trusted })).toBe(
      "10.0.0.2",
    );
    expect(clientAddressOf({ peer: "10.0.0.2", forwardedFor: "not-an-ip", trusted })).toBe(
      "10.0.0.2",
    );
  });

  test("an empty list trusts nobody", () => {
    expect(
      clientAddressOf({
        peer: "127.0.0.1",
        forwardedFor: "198.51.100.7",
        trusted: parseTrustedProxies(""),
      }),
    ).toBe("127.0.0.1");
  });
});

describe("parseTrustedProxies", () => {
  test("names the entry it cannot read", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, example.com")).toThrow('"example.com"');
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow('"10.0.0.0/33"');
  });
});
