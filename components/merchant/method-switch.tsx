"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { buttonClass, inputClass } from "@/lib/ui/recipes";
import { useConsoleAction } from "./actions-context";

export interface SwitchLabels {
  /** "{name}: On" / "{name}: Off", already formatted for this switch */
  state: string;
  /** "Why is {name} off?" */
  reasonFor: string;
  maintenance: string;
  registration: string;
  /** "Turn {name} off" */
  turnOff: string;
  cancel: string;
}

type Reason = "maintenance" | "registration";

/**
 * One method group's or method's switch (role="switch", aria-checked): a button, so Enter and
 * Space work and a screen reader says "switch, on". Its label says the state too ("BNI Virtual
 * Account: On"), and beside it what payers see now. Switching on is one press; switching off
 * asks for the reason payers will read first. The gateway's answer is shown by refreshing the
 * server page in place (router.refresh): the switch never shows a state the gateway has not
 * stored.
 */
export function MethodSwitch({
  groupId,
  methodId,
  active,
  payerSees,
  labels,
}: {
  groupId: string;
  methodId?: string;
  active: boolean;
  /** "Payers see: available" or "Payers see: <the reason's text>" */
  payerSees: string;
  labels: SwitchLabels;
}) {
  const id = useId();
  const router = useRouter();
  const setMethod = useConsoleAction("setMethod");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<Reason>("maintenance");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const switchRef = useRef<HTMLButtonElement>(null);
  const whyRef = useRef<HTMLSelectElement>(null);

  // The reason is the next thing to answer: focus goes there when it is asked for.
  useEffect(() => {
    if (asking) whyRef.current?.focus();
  }, [asking]);

  const send = (on: boolean) =>
    start(async () => {
      const form = new FormData();
      form.set("groupId", groupId);
      if (methodId) form.set("methodId", methodId);
      if (on) form.set("active", "on");
      else form.set("reason", reason);
      const result = await setMethod({ ok: true }, form);
      if (!result.ok) return setError(result.error);
      setError(null);
      setAsking(false);
      router.refresh();
    });

  return (
    <div className="my-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          ref={switchRef}
          type="button"
          role="switch"
          aria-checked={active}
          aria-describedby={`${id}-sees`}
          aria-expanded={active ? asking : undefined}
          aria-controls={active && asking ? `${id}-reason` : undefined}
          disabled={pending}
          onClick={() => (active ? setAsking((a) => !a) : send(true))}
          className="group inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-0 bg-transparent p-1 text-left text-ink disabled:cursor-wait"
        >
          {/* The track and its knob: at the end when on (no `relative`/`absolute`: the sheet leaves them out). */}
          <span
            aria-hidden="true"
            className={`inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 px-0.5 ${
              active ? "justify-end border-ok bg-ok" : "justify-start border-muted bg-disabled"
            }`}
          >
            <span className="size-4 rounded-full bg-surface shadow" />
          </span>
          <span className="font-semibold">{labels.state}</span>
        </button>
        <span id={`${id}-sees`} className={active ? "text-sm text-muted" : "text-sm text-warn"}>
          {payerSees}
        </span>
      </div>
      {active && asking && (
        <div id={`${id}-reason`} className="my-2 flex flex-wrap items-end gap-2">
          <span className="flex flex-col gap-1">
            <label htmlFor={`${id}-why`} className="text-sm">
              {labels.reasonFor}
            </label>
            <select
              className={inputClass}
              id={`${id}-why`}
              value={reason}
              onChange={(e) => setReason(e.target.value === "registration" ? "registration" : "maintenance")}
              ref={whyRef}
            >
              <option value="maintenance">{labels.maintenance}</option>
              <option value="registration">{labels.registration}</option>
            </select>
          </span>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            disabled={pending}
            onClick={() => send(false)}
          >
            {labels.turnOff}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "secondary" })}
            onClick={() => {
              setAsking(false);
              switchRef.current?.focus();
            }}
          >
            {labels.cancel}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="m-0 text-sm text-bad">
          {error}
        </p>
      )}
    </div>
  );
}
