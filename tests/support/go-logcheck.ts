import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomClientAddress } from "./api";

const run = promisify(execFile);

/** Debian's golang-golang-x-mod-dev puts golang.org/x/mod here (GOPATH mode, no downloads). */
const DEBIAN_GOPATH = "/usr/share/gocode";

/**
 * Builds tests/go/logcheck with the machine's Go and Debian's x/mod (scripts/test.sh installs
 * both), and returns a function that runs it, from a client address of its own per run (public
 * reads are rate limited per address): exit code and output.
 */
export async function buildLogcheck() {
  const folder = mkdtempSync(path.join(tmpdir(), "logcheck-"));
  const binary = path.join(folder, "logcheck");
  const env = {
    ...process.env,
    GOPATH: `${path.join(folder, "gopath")}:${DEBIAN_GOPATH}`,
    GO111MODULE: "off",
    GOCACHE: path.join(folder, "cache"),
    GOFLAGS: "",
  };
  await run("go", ["build", "-o", binary, "."], {
    cwd: path.join(process.cwd(), "tests/go/logcheck"),
    env,
  });
  return async (...args: string[]): Promise<{ code: number; output: string }> => {
    try {
      const { stdout } = await run(binary, args, {
        timeout: 60_000,
        env: { ...process.env, LOGCHECK_CLIENT_ADDRESS: randomClientAddress() },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
    }
  };
}
