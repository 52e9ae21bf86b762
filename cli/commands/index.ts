import type { TCliCommand } from "../command";
import { attestMonitor } from "./attest-monitor";
import { attestRotateKey } from "./attest-rotate-key";
import { attestSeal } from "./attest-seal";
import { jwtRotate } from "./jwt-rotate";
import { keysCreate } from "./keys-create";
import { keysList } from "./keys-list";
import { keysRevoke } from "./keys-revoke";
import { keysRoll } from "./keys-roll";
import { mcp } from "./mcp";
import { orgCreate } from "./org-create";
import { receiptsVerify } from "./receipts-verify";
import { walletsFund } from "./wallets-fund";
import { walletsShow } from "./wallets-show";

export const commands: TCliCommand[] = [
  orgCreate,
  keysCreate,
  keysList,
  keysRoll,
  keysRevoke,
  jwtRotate,
  walletsFund,
  walletsShow,
  receiptsVerify,
  attestSeal,
  attestRotateKey,
  attestMonitor,
  mcp,
];
