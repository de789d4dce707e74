"use client";

import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "./icons";

async function copyText(value: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(value);
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

export interface CopyButtonProps {
  value: string;
  text: string;
  label: string;
  copied: string;
  failed: string;
}

/** Copies `value` exactly (no grouping spaces) and says so, on screen and to screen readers. */
export function CopyButton({ value, text, label, copied, failed }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 4_000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <span className="copy">
      <button
        type="button"
        className="btn btn-secondary btn-copy"
        aria-label={label}
        onClick={() => copyText(value).then(() => setState("copied"), () => setState("failed"))}
      >
        {state === "copied" ? <CheckIcon /> : <CopyIcon />}
        <span>{text}</span>
      </button>
      <span className="copy-status" role="status">
        {state === "copied" ? copied : state === "failed" ? failed : ""}
      </span>
    </span>
  );
}
