import type { AddressInfo } from "node:net";
import { x402Facilitator, x402Network, x402ServerScheme } from "@agent-settlement/sdk/x402";
import { HTTPFacilitatorClient } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { paymentMiddleware, x402ResourceServer } from "@x402/express";
import express from "express";
import { inject } from "vitest";

/** What a merchant asks of a payer: `price` USD minor units to `payTo`, on the sandbox network. */
export const sandboxRequirements = ({
  payTo,
  price,
}: {
  payTo: string;
  price: number;
}): PaymentRequirements => ({
  scheme: "exact",
  network: x402Network("sandbox"),
  asset: "USD",
  amount: String(price),
  payTo,
  maxTimeoutSeconds: 60,
  extra: {},
});

/**
 * A merchant's Express server selling `GET /report` for `price` (USD minor units) to `payTo`,
 * with the official x402 middleware and `HTTPFacilitatorClient` pointed at the test server,
 * authenticated with the merchant's sandbox key.
 */
export async function startX402Shop({
  merchantKey,
  payTo,
  price,
}: {
  merchantKey: string;
  payTo: string;
  price: number;
}) {
  const network = x402Network("sandbox");
  const facilitator = new HTTPFacilitatorClient(
    x402Facilitator({ apiKey: merchantKey, baseUrl: inject("baseUrl") }),
  );
  const server = new x402ResourceServer(facilitator).register(network, x402ServerScheme());
  const app = express();
  app.use(
    paymentMiddleware(
      {
        "GET /report": {
          accepts: {
            scheme: "exact",
            price: { amount: String(price), asset: "USD" },
            network,
            payTo,
          },
          description: "The daily report",
        },
      },
      server,
    ),
  );
  app.get("/report", (_request, response) => {
    response.json({ report: "all quiet" });
  });
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
  };
}
