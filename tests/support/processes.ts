import fs from "node:fs";

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
export function memory(pid: number | string): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/** Is `pid` running (neither gone nor a zombie waiting to be reaped)? */
export function alive(pid: number | string): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z";
  } catch {
    return false;
  }
}

/** The running child processes of `pid` (from /proc). */
export function childrenOf(pid: number): string[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" "))
      .filter((c) => c && alive(c));
  } catch {
    return []; // exited meanwhile
  }
}
