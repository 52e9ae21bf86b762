import { expect, type Page } from "@playwright/test";

/** A console confirmation dialog: opened by a page's action button, confirmed or cancelled. */
export class ActionDialog {
  constructor(
    readonly page: Page,
    readonly title: string | RegExp,
  ) {}

  dialog() {
    return this.page.getByRole("dialog", { name: this.title });
  }

  /** Presses `button` on the dialog and waits for it to close. */
  async confirm(button: string) {
    await this.dialog().getByRole("button", { name: button }).click();
    await expect(this.dialog()).toBeHidden();
  }

  /** Presses `button` and expects the dialog to stay open with `message` as the domain's refusal. */
  async confirmRefused(button: string, message: string | RegExp) {
    await this.dialog().getByRole("button", { name: button }).click();
    await expect(this.dialog().getByRole("alert")).toContainText(message);
  }
}
