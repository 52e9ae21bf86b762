// CI stage: the Dockerfile, where no Docker engine runs. Lints it (dockerfile-utils), shapes the
// build context as .dockerignore does, runs each stage's WORKDIR, ENV, COPY and RUN in a folder of
// its own (image paths mapped below it), then starts the last stage's CMD with its ENV as the
// image would, checked by its HEALTHCHECK, /api/ready and the key it printed.
// Not emulated: base-image contents (each stage starts empty, with this project's Node, of the
// FROM tag's major, on its PATH) and file ownership (--chown, USER: every step runs as CI's user).
// Refused: absolute paths in RUN, and instructions it does not know. Run from the root of a
// checkout, on the project's Node.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ignore from "@balena/dockerignore";
import { DockerfileParser } from "dockerfile-ast";
import { freePort, probeServer, run } from "./probe-server.mjs";

const root = process.cwd();
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
const work = mkdtempSync(path.join(tmpdir(), "image-build-"));
const nodeMajor = process.versions.node.split(".")[0];

function fail(message) {
  throw new Error(`Dockerfile: ${message}`);
}

/** The build context: every file below `root` that .dockerignore does not exclude. */
function copyContext(into) {
  const ignored = ignore().add(readFileSync(path.join(root, ".dockerignore"), "utf8").split("\n"));
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.posix.join(relative, entry.name);
      if (ignored.ignores(name)) continue;
      if (entry.isDirectory()) walk(name);
      else cpSync(path.join(root, name), path.join(into, name), { verbatimSymlinks: true });
    }
  };
  walk("");
}

async function buildStages(context) {
  const stages = new Map();
  let stage;
  for (const instruction of DockerfileParser.parse(dockerfile).getInstructions()) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((argument) => argument.getValue());
    const inStage = (imagePath) =>
      path.join(stage.root, path.posix.resolve(stage.workdir, imagePath));
    switch (keyword) {
      case "FROM": {
        const image = instruction.getImage();
        if (!image.startsWith(`node:${nodeMajor}-`))
          fail(
            `FROM ${image}: the project's Node is ${process.versions.node} (major ${nodeMajor})`,
          );
        const name = instruction.getBuildStage() ?? String(stages.size);
        stage = {
          name,
          root: path.join(work, "stages", name),
          workdir: "/",
          env: {},
          cmd: null,
          healthcheck: null,
        };
        const bin = path.join(stage.root, "usr/local/bin");
        mkdirSync(bin, { recursive: true });
        symlinkSync(process.execPath, path.join(bin, "node"));
        stages.set(name, stage);
        console.log(`── image stage ${name} (${image}) ──`);
        break;
      }
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, args[0]);
        mkdirSync(inStage("."), { recursive: true });
        break;
      case "ENV":
        for (const property of instruction.getProperties())
          stage.env[property.getName()] = property.getValue();
        break;
      case "COPY": {
        const from = instruction
          .getFlags()
          .find((flag) => flag.getName() === "from")
          ?.getValue();
        const sources = [...args];
        const destination = sources.pop();
        const base = from ? stages.get(from)?.root : context;
        if (!base) fail(`COPY --from=${from}: no such stage`);
        const intoFolder = sources.length > 1 || destination.endsWith("/") || destination === ".";
        for (const source of sources) {
          const sourcePath = path.join(base, source);
          // A folder's contents are copied, not the folder itself (as COPY does).
          const target =
            statSync(sourcePath).isDirectory() || !intoFolder
              ? inStage(destination)
              : inStage(path.posix.join(destination, path.posix.basename(source)));
          cpSync(sourcePath, target, { recursive: true, verbatimSymlinks: true });
        }
        break;
      }
      case "RUN": {
        const command = instruction.getArgumentsContent();
        if (command.trim().startsWith("[")) fail(`RUN in exec form is not emulated: ${command}`);
        if (/(^|\s)\//.test(command))
          fail(`RUN with an absolute path cannot be emulated: ${command}`);
        console.log(`RUN ${command}`);
        await run("sh", ["-c", command], { cwd: inStage("."), env: stageEnv(stage) });
        break;
      }
      case "CMD":
        stage.cmd = JSON.parse(instruction.getArgumentsContent());
        break;
      case "HEALTHCHECK": {
        const content = instruction.getArgumentsContent();
        stage.healthcheck = JSON.parse(content.slice(content.indexOf("CMD") + 3));
        break;
      }
      case "USER":
      case "EXPOSE":
      case "STOPSIGNAL":
        break;
      default:
        fail(`${keyword} is not emulated: add it to scripts/ci/image-build.mjs`);
    }
  }
  return stage;
}

function stageEnv(stage) {
  return {
    ...process.env,
    ...stage.env,
    PATH: `${path.join(stage.root, "usr/local/bin")}:${process.env.PATH}`,
  };
}

try {
  await run(path.join(root, "node_modules/.bin/dockerfile-utils"), ["lint", "Dockerfile"]);
  console.log("✔ Dockerfile lint (dockerfile-utils)");
  const context = path.join(work, "context");
  copyContext(context);
  const image = await buildStages(context);
  if (!image.cmd) fail("no CMD");
  const port = await freePort();
  const env = { ...stageEnv(image), PORT: String(port), HOSTNAME: "127.0.0.1" };
  for (const name of ["DATABASE_URL", "REDIS_URL", "DATA_DIR"]) delete env[name];
  const [command, ...args] = image.cmd;
  const cwd = path.join(image.root, image.workdir);
  await probeServer({
    name: `the image's CMD (${image.cmd.join(" ")})`,
    command,
    args,
    cwd,
    env,
    port,
    ready: image.healthcheck
      ? () =>
          run(image.healthcheck[0], image.healthcheck.slice(1), { cwd, env, stdio: "ignore" }).then(
            () => true,
          )
      : undefined,
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
