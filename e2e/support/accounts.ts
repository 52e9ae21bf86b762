import { randomBytes } from "node:crypto";

export type TAccount = { name: string; email: string; password: string; organization: string };

/** A fresh account: random emails let specs run in parallel and again on the same database. */
export function newAccount(label: string): TAccount {
  const tag = randomBytes(5).toString("hex");
  return {
    name: `${label} Tester`,
    email: `${label.toLowerCase()}-${tag}@example.test`,
    password: `correct horse ${tag}`,
    organization: `${label} Robotics ${tag.slice(0, 4)}`,
  };
}
