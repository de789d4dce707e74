// Marks the payer's chunks for eager compilation (issue 29), after `next build`.
//
// On a first visit V8 compiles a script's top level while it streams in, off the main thread,
// but each function only when it is first called, on the main thread. Turbopack wraps every
// module in a function, and runs all of them in one task when the page's last chunk arrives:
// in the throttled trace (bench/checkout-trace.mjs) most of that task, 250–800 ms of it, was
// V8 compiling react-dom's and Next's module functions, not running them. The magic comment
// `//# allFunctionsCalledOnLoad` (Chromium 136+, "explicit compile hints") asks V8 to compile
// every function of the file with its top level, on the streaming thread. Browsers without it
// read a comment.
//
// The files marked: the framework every page loads (the build manifest's rootMainFiles), the
// payer page's own chunks, and every chunk those name (the live status and the card step,
// loaded later, are also called as soon as they arrive). The console's chunks are left as
// they are. Idempotent: a file already marked is left alone.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const HINT = "//# allFunctionsCalledOnLoad\n";
const NEXT = ".next";
const PAGE = "/pay/[paymentLinkId]/page";

/** The pay route's first-load chunks: static/chunks/… paths relative to .next. */
function pageChunks() {
  const manifest = path.join(NEXT, "server/app/pay/[paymentLinkId]/page_client-reference-manifest.js");
  const sandbox = { self: {}, globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(manifest, "utf8"), sandbox);
  const rsc = (sandbox.__RSC_MANIFEST ?? sandbox.self.__RSC_MANIFEST)[PAGE];
  const files = new Set(JSON.parse(fs.readFileSync(path.join(NEXT, "build-manifest.json"), "utf8")).rootMainFiles);
  for (const list of Object.values(rsc.entryJSFiles)) for (const f of list) files.add(f);
  return files;
}

/** `files` and every chunk they name, transitively (dynamic imports name their chunk files). */
function withNamedChunks(files) {
  const all = new Set(files);
  const queue = [...files];
  while (queue.length) {
    const src = fs.readFileSync(path.join(NEXT, queue.pop()), "utf8");
    for (const [, name] of src.matchAll(/["/]([0-9a-z_-]+\.js)"/g)) {
      const f = `static/chunks/${name}`;
      if (!all.has(f) && fs.existsSync(path.join(NEXT, f))) {
        all.add(f);
        queue.push(f);
      }
    }
  }
  return all;
}

export function markChunks() {
  const marked = [];
  for (const f of withNamedChunks(pageChunks())) {
    const file = path.join(NEXT, f);
    const src = fs.readFileSync(file, "utf8");
    if (src.startsWith(HINT)) continue;
    fs.writeFileSync(file, HINT + src);
    marked.push(f);
  }
  return marked;
}

const marked = markChunks();
console.log(`compile hints: ${marked.length} checkout chunk(s) marked for eager compilation`);
