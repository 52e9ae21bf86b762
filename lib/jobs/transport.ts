/**
 * How the runner reaches a `serve()` handler with a signed request: in the server it calls the
 * app's handler in-process; the protocol tests call a handler served over HTTP with `fetch`.
 */
export type THandlerTransport = (request: Request) => Promise<Response>;
