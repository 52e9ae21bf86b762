import { useEffect, useState } from "react";

/**
 * The token of a mailed link, from the page's fragment, which then leaves the address bar: it is
 * in no request, log or Referer until a form sends it. Undefined until read; "" when absent.
 */
export function useFragmentToken(): string | undefined {
  const [token, setToken] = useState<string>();
  useEffect(() => {
    setToken(decodeURIComponent(window.location.hash.slice(1)));
    window.history.replaceState(null, "", window.location.pathname);
  }, []);
  return token;
}
