"use client";

import { useState } from "react";
import { ConsoleApiError, consoleFetch } from "./api";

/**
 * Switches this browser session to another of the account's organizations, then loads
 * `landing` in it: a full load, so every page and cached list starts from that organization.
 * `switching` is true until the page goes; `error` says why a switch was refused.
 */
export function useOrganizationSwitch() {
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string>();
  async function switchTo(organizationId: string, landing: string) {
    setSwitching(true);
    setError(undefined);
    try {
      await consoleFetch(
        `/api/console/account/organizations/${encodeURIComponent(organizationId)}/switch`,
        { method: "POST", body: {} },
      );
      window.location.assign(landing);
    } catch (failure) {
      setError(
        failure instanceof ConsoleApiError ? failure.message : "The console did not answer.",
      );
      setSwitching(false);
    }
  }
  return { switchTo, switching, error };
}
