import { setTimeout as sleep } from "node:timers/promises";
import { type Command, InvalidArgumentError } from "commander";
import { type TEventType, ZEventType } from "@/lib/events/types";
import { generateWebhookSecret } from "@/lib/webhooks/endpoints/secret";
import { eventFeed } from "../listen/event-feed";
import { forwardEvent } from "../listen/forward-event";
import { wantsJson } from "../output";
import { parseUrl } from "../parse-url";

const pollMs = 1_000;

const parseEventTypes = (value: string): TEventType[] =>
  value.split(",").map((type) => {
    const parsed = ZEventType.safeParse(type.trim());
    if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]!.message);
    return parsed.data;
  });

/** Resolves on the first SIGINT or SIGTERM: the operator's way to stop listening. */
const stopSignal = () =>
  new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });

type TOptions = { forwardTo: string; apiKey: string; baseUrl: string; events?: TEventType[] };

export const listen = (program: Command) =>
  program
    .command("listen")
    .description(
      "forward the key's environment's new events, signed, to a local URL until ^C (like stripe listen)",
    )
    .requiredOption("--forward-to <url>", "where to POST each event", parseUrl)
    .requiredOption("--api-key <key>", "sk_test_… (sandbox) or sk_live_… (production)")
    .option("--base-url <url>", "the API's origin", parseUrl, "http://localhost:3000")
    .option("--events <type,...>", "only these event types (default: all)", parseEventTypes)
    .action(async (options: TOptions, command: Command) => {
      const feed = eventFeed({ baseUrl: options.baseUrl, apiKey: options.apiKey });
      await feed.start();
      const secret = generateWebhookSecret();
      console.error(
        `Ready! Your webhook signing secret is ${secret} (${feed.environment} events to ${options.forwardTo}; ^C to stop)`,
      );
      let stopped = false;
      const stop = stopSignal().then(() => {
        stopped = true;
      });
      while (!stopped) {
        try {
          for (const event of await feed.next()) {
            if (options.events && !options.events.includes(event.type)) continue;
            const status = await forwardEvent({ event, url: options.forwardTo, secret });
            const at = new Date().toISOString();
            if (wantsJson(command))
              console.log(JSON.stringify({ at, type: event.type, id: event.id, status }));
            else console.log(`${at} ${event.type} ${event.id} -> ${status}`);
          }
        } catch (error) {
          // The API may restart or blip while an operator listens; the next poll tries again.
          console.error(`error: ${(error as Error).message} (retrying)`);
        }
        await Promise.race([sleep(pollMs), stop]);
      }
    });
