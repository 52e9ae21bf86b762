import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";

test.use({ timezoneId: "Asia/Tokyo", locale: "en-GB" });

test("times read in the browser's zone and locale, with the zone named and UTC on hover", async ({
  page,
}) => {
  await new SignUpPage(page).signUp(newAccount("Zones"));
  const keys = new KeysPage(page);
  await keys.goto();
  await keys.create({ name: "Zoned" });
  await keys.closeDialog();
  const created = page.locator("time").first();
  await expect(created).toHaveText(/now|seconds? ago/);
  const iso = (await created.getAttribute("datetime"))!;
  const title = (await created.getAttribute("title"))!;
  // en-GB puts the day first; Tokyo is UTC+9 and the zone is named; the UTC instant follows.
  const tokyo = new Date(Date.parse(iso) + 9 * 3_600_000);
  const hours = String(tokyo.getUTCHours()).padStart(2, "0");
  const minutes = String(tokyo.getUTCMinutes()).padStart(2, "0");
  expect(title).toContain(`${tokyo.getUTCDate()} `);
  expect(title).toContain(`${hours}:${minutes}`);
  expect(title).toMatch(/JST|GMT\+9/);
  expect(title).toContain(`(${new Date(iso).toISOString()})`);
});
