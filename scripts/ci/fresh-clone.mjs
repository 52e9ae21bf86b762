// CI stage: what a newcomer does, on a pristine clone of HEAD with only the machine's Node on the
// PATH. `npm ci`, then the README's first command (`npm run up`) on a free port: it must build,
// serve, print a key and answer with it. Then the Dockerfile's steps over the same clone
// (scripts/ci/image-build.mjs). Run by .ci/run before the test suite; Node built-ins only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, probeServer, run } from "./probe-server.mjs";

const repo = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "fresh-clone-"));
const clone = path.join(work, "repo");
// The machine's PATH without any project's node_modules/.bin: the clone must bring its own Node.
const PATH = process.env.PATH.split(":")
  .filter((entry) => !entry.includes("node_modules"))
  .join(":");
// Nothing configured, as on a newcomer's machine: `npm run up` takes its embedded defaults.
const env = { ...process.env, PATH };
for (const name of ["DATABASE_URL", "REDIS_URL", "NODE_ENV", "PORT"]) delete env[name];

try {
  console.log(`machine's node: ${execFileSync("node", ["-v"], { env }).toString().trim()}`);
  await run("git", ["clone", "--quiet", "--no-local", repo, clone], { env });
  await run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: clone, env });
  const scriptNode = execFileSync("npm", ["exec", "--", "node", "-v"], { cwd: clone, env })
    .toString()
    .trim();
  const wanted = JSON.parse(readFileSync(path.join(clone, "package.json"), "utf8")).engines.node;
  console.log(`node inside npm scripts: ${scriptNode} (engines: ${wanted})`);
  if (scriptNode.split(".")[0] !== `v${wanted.match(/\d+/)[0]}`)
    throw new Error(
      `npm scripts run on ${scriptNode}, not the Node that engines names (${wanted})`,
    );

  const port = await freePort();
  await probeServer({
    name: "npm run up (fresh clone)",
    command: "npm",
    args: ["run", "up"],
    cwd: clone,
    env: { ...env, PORT: String(port) },
    port,
  });

  await run(path.join(clone, "node_modules/.bin/node"), ["scripts/ci/image-build.mjs"], {
    cwd: clone,
    env,
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
