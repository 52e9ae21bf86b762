import { useEffect, useState } from "react";

/**
 * False until the component's script runs in the browser. A form's submit button waits for it:
 * a click before would submit the form natively, as a GET with its fields (a password, an
 * email) in the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
