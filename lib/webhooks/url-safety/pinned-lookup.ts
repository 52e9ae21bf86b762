import type { LookupFunction } from "node:net";
import type { TVettedAddress } from "./resolve-host";

/**
 * A `lookup` for node:http/https that answers every query with the address vetted beforehand,
 * so a second DNS answer (DNS rebinding) cannot redirect the connection. The host name itself
 * stays in the request, for SNI, certificate checks and the Host header.
 */
export function pinnedLookup(vetted: TVettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: vetted.address, family: vetted.family }]);
      return;
    }
    callback(null, vetted.address, vetted.family);
  };
}
