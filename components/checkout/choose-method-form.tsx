import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { actionPath } from "@/lib/checkout/action-routes";

export interface ChooseMethodFormProps {
  linkId: string;
  groupId: string;
  lang: string | null;
  buttonText: string;
  workingText: string;
  disabled: boolean;
  children: ReactNode;
}

/**
 * One method group's form. A plain form post that works without script (the route answers
 * 303 to the page); with script the islands' runtime (components/checkout/islands/forms.ts)
 * posts it itself, shows "working" on the button, a refusal in the alert, and the chosen
 * method in place. Server markup, not an island: its fields are the server's (bank list,
 * OVO number) and may hold islands of their own.
 */
export function ChooseMethodForm({
  linkId,
  groupId,
  lang,
  buttonText,
  workingText,
  disabled,
  children,
}: ChooseMethodFormProps) {
  const t = useTranslations("Methods");
  const errorId = `method-error-${groupId}`;
  return (
    <form
      method="post"
      action={actionPath(linkId, "choose")}
      data-choose-form=""
      data-error-id={errorId}
      data-network-text={t("errorTryAgain")}
    >
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="groupId" value={groupId} />
      {lang ? <input type="hidden" name="lang" value={lang} /> : null}
      {children}
      <p id={errorId} className="m-0 text-bad empty:hidden" role="alert"></p>
      <Button type="submit" block disabled={disabled} data-working-text={workingText} data-idle-text={buttonText}>
        {buttonText}
      </Button>
    </form>
  );
}
