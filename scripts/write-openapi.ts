import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "../lib/openapi/document";

const target = process.argv[2] ?? ".data/openapi.json";
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
