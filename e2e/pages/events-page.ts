import { expect, type Locator, type Page } from "@playwright/test";

export class EventsPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox", query = "") {
    await this.page.goto(`/console/${environment}/events${query}`);
    await expect(this.page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId("event-row");
  }

  filters(): Locator {
    return this.page.getByRole("form", { name: "Filters" });
  }

  payload(): Locator {
    return this.page.getByRole("region", { name: "Event payload" });
  }

  deliveries(): Locator {
    return this.page.getByTestId("event-delivery");
  }
}
