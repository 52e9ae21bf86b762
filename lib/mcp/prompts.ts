import { ErrorCode, type GetPromptResult, type Prompt } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError } from "./protocol-error";

type TPromptDefinition = Prompt & {
  /** The tools the workflow calls: the prompt is offered only where all of them are. */
  tools: string[];
  /** The instructions, from the arguments (the required ones are present). */
  text: (args: Record<string, string>) => string;
};

const promptDefinitions: TPromptDefinition[] = [
  {
    name: "pay_agent",
    title: "Pay another agent",
    description:
      "Negotiate a payment from one of your agents to another agent, settle it, and verify its receipt.",
    arguments: [
      { name: "payerAgentId", description: "Your agent that pays (agt-…).", required: true },
      { name: "payeeAgentId", description: "The agent that is paid (agt-…).", required: true },
      {
        name: "amount",
        description: "In minor units of the currency (cents for USD): 1250 is 12.50.",
        required: true,
      },
      { name: "currency", description: "ISO 4217 code, e.g. USD.", required: true },
      { name: "description", description: "What the payment is for.", required: false },
    ],
    tools: ["create_negotiation", "respond_to_negotiation", "settle", "verify_receipt"],
    text: (args) =>
      [
        `Pay ${args.amount} (minor units) ${args.currency} from agent ${args.payerAgentId} to agent ${args.payeeAgentId}${args.description ? ` for: ${args.description}` : ""}.`,
        `1. create_negotiation with initiatorAgentId ${args.payerAgentId}, responders [${args.payeeAgentId}], and terms carrying the amount and currency${args.description ? " and the description" : ""}. Keep the negotiation's id.`,
        `2. respond_to_negotiation as ${args.payeeAgentId} with action "accept" (only if that agent is yours; otherwise wait until get_negotiation shows status "accepted").`,
        "3. settle with the accepted negotiation's id and an idempotencyKey of your choice; reuse that key if you retry, so the money moves once.",
        "4. verify_receipt with the receiptId that settle returned, and report its status and checks.",
        "Stop and report the tool's error code and message if any step fails; never retry a payment with a new idempotencyKey.",
      ].join("\n"),
  },
  {
    name: "check_receipt",
    title: "Verify a receipt and explain it",
    description: "Verify a settlement's receipt and say what each check proves.",
    arguments: [{ name: "receiptId", description: "The receipt's id (rcp-…).", required: true }],
    tools: ["verify_receipt", "get_receipt_bundle"],
    text: (args) =>
      [
        `Verify receipt ${args.receiptId}.`,
        `1. verify_receipt with receiptId ${args.receiptId}. Report its status (valid, invalid or pending) and every check that is not ok, with its detail.`,
        `2. If it is valid, get_receipt_bundle with id ${args.receiptId}: say who paid whom, how much, under which terms, and the log index and tree size it was sealed at, so that anyone can verify it offline.`,
        "A pending receipt is not sealed in the public log yet: try again in a few seconds.",
      ].join("\n"),
  },
  {
    name: "investigate_failed_delivery",
    title: "Investigate a failed webhook delivery",
    description: "Find why a webhook endpoint's deliveries fail, and retry them once fixed.",
    arguments: [
      { name: "webhookId", description: "The webhook endpoint's id (wh-…).", required: true },
    ],
    tools: ["get_webhook", "list_webhook_deliveries", "list_webhook_delivery_attempts"],
    text: (args) =>
      [
        `Investigate the failing deliveries of webhook endpoint ${args.webhookId}.`,
        `1. get_webhook with id ${args.webhookId}: note its url, whether it is enabled, and its events.`,
        `2. list_webhook_deliveries with id ${args.webhookId} and status "failed" (then "pending"): the newest first.`,
        "3. For the newest failed delivery, list_webhook_delivery_attempts: read each attempt's status code, error and response body, and say what they point to (DNS, TLS, timeout, a 4xx from the receiver's signature check, a 5xx).",
        "4. Once the cause is fixed, retry_webhook_delivery on that delivery (if that tool is offered) and check its new attempt.",
      ].join("\n"),
  },
];

/** The prompts whose every tool `offered` has. */
export const offeredPrompts = (offered: ReadonlySet<string>): TPromptDefinition[] =>
  promptDefinitions.filter((prompt) => prompt.tools.every((tool) => offered.has(tool)));

/** prompts/list's entry: the definition without its tools and text. */
export const listedPrompt = ({ name, title, description, arguments: args }: TPromptDefinition) => ({
  name,
  title,
  description,
  arguments: args,
});

/** prompts/get: the workflow as one user message; an unknown prompt or a missing argument is -32602. */
export function getPrompt(
  prompts: TPromptDefinition[],
  name: string,
  args: Record<string, string> = {},
): GetPromptResult {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt) {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `No prompt named ${name} here; prompts/list names the prompts this connection offers.`,
    );
  }
  const missing = prompt.arguments?.find((argument) => argument.required && !args[argument.name]);
  if (missing) {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `The prompt ${name} needs the argument ${missing.name}: ${missing.description}`,
    );
  }
  return {
    description: prompt.description,
    messages: [{ role: "user", content: { type: "text", text: prompt.text(args) } }],
  };
}
