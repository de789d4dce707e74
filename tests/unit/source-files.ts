import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The repository's own TypeScript under `dirs` (tests and declarations left out), parsed. */
export function sourceFiles(dirs: string[]): ts.SourceFile[] {
  const out: ts.SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name))
        out.push(ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true));
    }
  };
  for (const dir of dirs) if (fs.existsSync(dir)) walk(dir);
  return out;
}
