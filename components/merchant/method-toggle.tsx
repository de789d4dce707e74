"use client";

import { buttonClass, inputClass } from "@/lib/ui/recipes";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/console/action-results";
import { useConsoleAction } from "./actions-context";

export interface ToggleLabels {
  on: string;
  off: string;
  reason: string;
  maintenance: string;
  registration: string;
  save: string;
  saved: string;
}

/**
 * On/off for one method group or method, with the reason payers will read. A plain form:
 * it works by keyboard, and without script as well as with it.
 */
export function MethodToggle({
  groupId,
  methodId,
  name,
  active,
  labels,
  formName,
}: {
  groupId: string;
  methodId?: string;
  name: string;
  active: boolean;
  labels: ToggleLabels;
  /** the form's accessible name when it is not `name` (a whole group's) */
  formName?: string;
}) {
  const setMethodAction = useConsoleAction("setMethod");
  const [state, action, pending] = useActionState<ActionResult, FormData>(
    async (prev, form) => {
      const result = await setMethodAction(prev, form);
      if (result.ok) location.reload();
      return result;
    },
    { ok: true },
  );
  const id = `m-${groupId}-${methodId ?? "group"}`;
  return (
    // A named form is a landmark, and a group and its only method may share a title
    // (QRIS / QRIS): the group's form gets a name of its own (formName).
    <form action={action} className="my-2 flex flex-wrap items-center gap-2" aria-label={formName ?? name}>
      <input type="hidden" name="groupId" value={groupId} />
      {methodId && <input type="hidden" name="methodId" value={methodId} />}
      <label htmlFor={`${id}-active`}>
        <input id={`${id}-active`} type="checkbox" name="active" defaultChecked={active} /> {name}: {labels.on}
      </label>
      <label htmlFor={`${id}-reason`} className="sr-only">
        {labels.reason} ({name})
      </label>
      <select className={inputClass} id={`${id}-reason`} name="reason" defaultValue="maintenance">
        <option value="maintenance">{labels.maintenance}</option>
        <option value="registration">{labels.registration}</option>
      </select>
      <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending}>
        {labels.save}
        <span className="sr-only"> ({name})</span>
      </button>
      {!state.ok && (
        <span role="alert" className="m-0 text-sm text-bad">
          {state.error}
        </span>
      )}
    </form>
  );
}
