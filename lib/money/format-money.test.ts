import { expect, test } from "vitest";
import { formatMoney } from "./format-money";

test("minor units as people read them, with the currency's own decimals", () => {
  expect(formatMoney(100_000_000, "USD")).toBe("1,000,000.00 USD");
  expect(formatMoney(2_500, "EUR")).toBe("25.00 EUR");
  expect(formatMoney(1_000, "JPY")).toBe("1,000 JPY");
  expect(formatMoney(1_234, "KWD")).toBe("1.234 KWD");
  expect(formatMoney(7, "XTS")).toBe("0.07 XTS");
});
