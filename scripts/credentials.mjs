// `npm run credentials`: print the sandbox credentials file written at first start.
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(process.env.DATA_DIR ?? ".data", "sandbox-credentials.json");
try {
  process.stdout.write(fs.readFileSync(file, "utf8"));
  process.stderr.write(`\n(from ${file})\n`);
} catch {
  process.stderr.write(`No credentials yet at ${file}. Run \`npm start\` once: the first start creates them.\n`);
  process.exit(1);
}
