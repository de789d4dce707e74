import { clockState, subscribeClock } from "../clock-store";
import { refreshPage } from "../page-refresh";
import { mountIslands, unmountIslands } from "./mount";
import { chooseMethodFromBrowser } from "./choose";

/** Progressive enhancement of the server markup under `root` that is not an island. */
export function enhance(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-choose-form]")) enhanceChoice(form);
}

/**
 * A method choice (choose-method-form.tsx). Without script it is a form post the route answers
 * with 303 to the page. With it: "working" on the button, the refusal in the form's alert, and
 * on success the page shown anew in place (its address too: a choice made from `?change=1`
 * leaves the picker).
 */
function enhanceChoice(form: HTMLFormElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = "1";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submitChoice(form);
  });
}

async function submitChoice(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const errorId = form.dataset.errorId ?? "";
  const alert = errorId ? document.getElementById(errorId) : null;
  if (!button || button.getAttribute("aria-busy") === "true") return;
  const busy = (on: boolean) => {
    button.disabled = on;
    button.setAttribute("aria-busy", String(on));
    button.textContent = (on ? button.dataset.workingText : button.dataset.idleText) ?? button.textContent;
  };
  busy(true);
  const result = await chooseMethodFromBrowser(form);
  if (result.ok) {
    if (alert) alert.textContent = "";
    form.removeAttribute("aria-describedby");
    await refreshPage(result.href);
    // Still here (the page did not change, or could not be fetched): usable again.
    if (form.isConnected) busy(false);
    return;
  }
  busy(false);
  if (alert) alert.textContent = result.error;
  if (errorId) form.setAttribute("aria-describedby", errorId);
}

/**
 * The switch to "expired" (until-expiry.tsx): when the clock's deadline passes, each payable
 * panel is replaced by the expired view the server put beside it in a <template>. The clock
 * island then asks the server for the page (a last-second payment wins).
 */
export function watchExpiry(): () => void {
  const swap = () => {
    if (!clockState().expired) return;
    for (const panel of document.querySelectorAll<HTMLElement>("[data-until-expiry]")) {
      const template = panel.nextElementSibling;
      if (!(template instanceof HTMLTemplateElement) || !template.hasAttribute("data-expired-view")) continue;
      unmountIslands(panel);
      panel.replaceChildren(template.content.cloneNode(true));
      panel.removeAttribute("data-until-expiry");
      template.remove();
      enhance(panel);
      void mountIslands(panel, false);
    }
  };
  return subscribeClock(swap);
}
