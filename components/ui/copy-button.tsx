"use client";

import { useEffect, useState } from "react";
import { Button } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

async function copyText(value: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(value);
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.className = "sr-only";
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
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={label}
        onClick={() =>
          copyText(value).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? <CheckIcon /> : <CopyIcon />}
        <span>{text}</span>
      </Button>
      <span className="min-w-px text-sm text-ok" role="status">
        {state === "copied" ? copied : state === "failed" ? failed : ""}
      </span>
    </span>
  );
}
