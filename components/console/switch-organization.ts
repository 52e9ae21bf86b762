import { consoleFetch } from "./api";

/**
 * Makes this browser session work in another of the account's organizations, then loads
 * `landing` in it: a full load, so every page and cached list starts from that organization.
 */
export async function switchOrganization(organizationId: string, landing: string) {
  await consoleFetch(
    `/api/console/account/organizations/${encodeURIComponent(organizationId)}/switch`,
    { method: "POST", body: {} },
  );
  window.location.assign(landing);
}
