"use client";

import { useState, type FormEvent } from "react";
import { useHydrated } from "./use-hydrated";
import { useSavedCards } from "./use-saved-cards";
import { useFocusAfterRender } from "./use-focus-after";
import { cardBrand, confirmCardPayment, expired, luhnValid, type CardBrand } from "@/lib/sdk";
import { sandboxNoteClass } from "@/lib/ui/recipes";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { Locale } from "@/lib/i18n/locale";
import type { SavedCardView } from "@/lib/checkout/action-results";
import { aboutCard, NEW_CARD, SavedCards, type SavedCardLabels } from "./saved-cards";

export interface CardFormLabels {
  heading: string;
  number: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  name: string;
  /** "Pay Rp 150.000", amount included */
  pay: string;
  processing: string;
  /** "Visa card", "Kartu Visa" …: the detected brand, announced. */
  brand: Record<Exclude<CardBrand, "unknown">, string>;
  sandboxHint: string | null;
  secureNote: string;
  /** shown when the page runs no script: the card form cannot work without it */
  needsScript: string;
  redirecting: string;
  errors: Record<
    | "number"
    | "expiry"
    | "expired"
    | "cvc"
    | "name"
    | "testCard"
    | "generic"
    | "network"
    | "remove"
    | "savedUnavailable"
    | "savedGone",
    string
  >;
  /** The saved-card words: given only for a link with a customer (docs/contract.md §10). */
  saved?: SavedCardLabels & {
    save: string;
    saveNote: string;
    loading: string;
    /** templates with `{card}`: "Enter the security code of {card} …", "{card} was removed." */
    cvcFor: string;
    removed: string;
  };
}

type Field = "number" | "expiry" | "cvc" | "name";
type Errors = Partial<Record<Field | "form", string>>;

/** "4111111111111111" → "4111 1111 1111 1111" while typing; the SDK strips the spaces. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The card step. The browser asks this app's server for a client secret (the server creates
 * the payment intent with its secret key), then confirms the card directly with the gateway
 * through the SDK: the number and CVC never reach this app's server. With a saved card the
 * browser sends only its `pm_` id and the CVC; the number stays sealed in the gateway.
 */
export function CardForm({ linkId, locale, labels }: { linkId: string; locale: Locale; labels: CardFormLabels }) {
  // One per page: a fixed id, the same in the server HTML and in every render after hydration.
  const id = "card";
  const savedWords = labels.saved;
  const [save, setSave] = useState(false);
  const [notice, setNotice] = useState("");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<false | "paying" | "redirecting">(false);
  // False in the server's HTML and until hydration. Until then the form is inert: a card typed
  // before the script runs would have nowhere to go but a native submit of the page.
  const hydrated = useHydrated();
  const saved = useSavedCards(linkId, !!savedWords, hydrated);
  const focusAfter = useFocusAfterRender();
  const loading = saved.cards === undefined;
  const digits = number.replace(/\D/g, "");
  const brand = digits.length >= 2 ? cardBrand(digits) : "unknown";
  const savedCard = saved.choice === NEW_CARD ? null : (saved.cards?.find((c) => c.id === saved.choice) ?? null);
  const formError = errors.form ?? saved.startError;

  const validate = (): Errors => {
    const e: Errors = {};
    if (savedCard) {
      if (!/^\d{3,4}$/.test(cvc)) e.cvc = labels.errors.cvc;
      return e;
    }
    if (!luhnValid(digits)) e.number = labels.errors.number;
    const exp = parseExpiry(expiry);
    if (!exp) e.expiry = labels.errors.expiry;
    else if (expired(exp.month, exp.year, new Date())) e.expiry = labels.errors.expired;
    if (!/^\d{3,4}$/.test(cvc)) e.cvc = labels.errors.cvc;
    if (!name.trim()) e.name = labels.errors.name;
    return e;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (["number", "expiry", "cvc", "name"] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy("paying");
    setNotice("");
    try {
      const started = await saved.secret();
      if (!started.ok) {
        setErrors({ form: started.error });
        setBusy(false);
        return;
      }
      const returnUrl = `${location.origin}/pay/${linkId}`;
      const exp = parseExpiry(expiry);
      const result = savedCard
        ? await confirmCardPayment({
            clientSecret: started.clientSecret,
            paymentMethod: savedCard.id,
            cvc,
            returnUrl,
            locale,
          })
        : await confirmCardPayment({
            clientSecret: started.clientSecret,
            card: { number: digits, expMonth: exp!.month, expYear: exp!.year, cvc, holderName: name.trim() },
            // Only when asked: the box is unticked until the payer ticks it (docs/contract.md §10).
            ...(savedWords && save ? { setupFutureUsage: "on_session" as const } : {}),
            returnUrl,
            locale,
          });
      if (result.status === "requires_action") {
        setBusy("redirecting");
        location.assign(result.redirectUrl);
        return;
      }
      if (result.status === "succeeded" || result.error.code === "card_declined") {
        // The link is paid or rejected now: the page renders the receipt or the reason.
        // A document load, not a client transition: the page is rendered anew from a fresh Inquiry.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        location.assign(`/pay/${linkId}`);
        return;
      }
      const code = result.error.code;
      const byCode: Errors =
        savedCard && (code === "resource_missing" || result.error.param === "paymentMethod")
          ? { form: labels.errors.savedGone }
          : code === "invalid_number"
            ? { number: labels.errors.number }
            : code === "test_card_required"
              ? { number: labels.errors.testCard }
              : code === "expired_card"
                ? { expiry: labels.errors.expired }
                : code === "invalid_expiry_month" || code === "invalid_expiry_year"
                  ? { expiry: labels.errors.expiry }
                  : code === "invalid_cvc"
                    ? { cvc: labels.errors.cvc }
                    : code === "network"
                      ? { form: labels.errors.network }
                      : { form: labels.errors.generic };
      setErrors(byCode);
      setBusy(false);
    } catch {
      setErrors({ form: labels.errors.generic });
      setBusy(false);
    }
  }

  async function onRemove(card: SavedCardView): Promise<boolean> {
    setErrors({});
    setNotice("");
    const answer = await saved.remove(card).catch(() => ({ ok: false as const, error: "" }));
    if (!answer.ok) {
      setErrors({ form: answer.error || labels.errors.remove });
      return false;
    }
    if (savedWords) setNotice(aboutCard(savedWords.removed, savedWords, card));
    // The last card gone takes the group with it: focus goes on to the new card's number.
    if (saved.cards?.length === 1) focusAfter(() => document.getElementById(`${id}-number`));
    return true;
  }

  // No `name`: the values live in this component's state, and a native submit (no script yet,
  // or none) must carry no card data into a URL, a history entry or an access log.
  const input = (f: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <Field id={`${id}-${f}`} label={label} error={errors[f]} {...props} disabled={!!busy || !hydrated || loading} />
  );

  const newCardFields = (
    <>
      {input("number", labels.number, {
        inputMode: "numeric",
        autoComplete: "cc-number",
        value: number,
        placeholder: "1234 5678 9012 3456",
        onChange: (e) => setNumber(groupDigits(e.target.value)),
      })}
      <p className="-mt-1 mb-0 min-h-[1.25em] text-sm text-muted" aria-live="polite">
        {brand !== "unknown" ? labels.brand[brand] : ""}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {input("expiry", labels.expiry, {
          inputMode: "numeric",
          autoComplete: "cc-exp",
          placeholder: labels.expiryPlaceholder,
          value: expiry,
          maxLength: 7,
          onChange: (e) => setExpiry(e.target.value),
        })}
        {input("cvc", labels.cvc, {
          inputMode: "numeric",
          autoComplete: "cc-csc",
          value: cvc,
          maxLength: 4,
          onChange: (e) => setCvc(e.target.value.replace(/\D/g, "")),
        })}
      </div>
      {input("name", labels.name, { autoComplete: "cc-name", value: name, onChange: (e) => setName(e.target.value) })}
      {savedWords ? (
        <div className="flex items-start gap-2">
          <input
            type="checkbox"
            id={`${id}-save`}
            checked={save}
            disabled={!!busy || !hydrated || loading}
            onChange={(e) => setSave(e.target.checked)}
            aria-describedby={`${id}-save-note`}
            className="m-0 mt-1 size-[1.125rem] flex-none accent-brand"
          />
          <span className="grid gap-0.5">
            <label htmlFor={`${id}-save`} className="cursor-pointer">
              {savedWords.save}
            </label>
            <span id={`${id}-save-note`} className="text-sm text-muted">
              {savedWords.saveNote}
            </span>
          </span>
        </div>
      ) : null}
    </>
  );

  return (
    <form
      className="grid gap-2"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
      data-testid="card-form"
    >
      <h3 id={`${id}-heading`} className="m-0">
        {labels.heading}
      </h3>
      {labels.sandboxHint ? (
        <p className={sandboxNoteClass} role="note">
          {labels.sandboxHint}
        </p>
      ) : null}
      {savedWords && saved.cards && saved.cards.length > 0 ? (
        <SavedCards
          id={id}
          cards={saved.cards}
          chosen={saved.choice}
          onChoose={(c) => {
            saved.setChoice(c);
            setErrors({});
          }}
          onRemove={onRemove}
          disabled={!!busy || !hydrated}
          labels={savedWords}
        />
      ) : null}
      {savedWords && loading ? (
        <p className="m-0 text-sm text-muted" role="status">
          {savedWords.loading}
        </p>
      ) : null}
      {savedWords && saved.cards === null ? (
        <p className="m-0 text-sm text-muted">{labels.errors.savedUnavailable}</p>
      ) : null}
      {/* the outcome of a removal, for everyone: the row simply vanishes otherwise */}
      <p className="m-0 text-sm text-muted empty:hidden" role="status">
        {notice}
      </p>
      {loading ? null : savedCard && savedWords ? (
        <>
          <p id={`${id}-cvc-for`} className="m-0 text-sm">
            {aboutCard(savedWords.cvcFor, savedWords, savedCard)}
          </p>
          {input("cvc", labels.cvc, {
            inputMode: "numeric",
            autoComplete: "cc-csc",
            value: cvc,
            maxLength: 4,
            className: "max-w-60",
            "aria-describedby": `${id}-cvc-for`,
            onChange: (e) => setCvc(e.target.value.replace(/\D/g, "")),
          })}
        </>
      ) : (
        newCardFields
      )}
      <p className="m-0 text-bad empty:hidden" role="alert">
        {formError ?? (busy === "redirecting" ? labels.redirecting : "")}
      </p>
      <noscript>
        <p className="m-0 text-bad">{labels.needsScript}</p>
      </noscript>
      <Button type="submit" block disabled={!!busy || !hydrated || loading} aria-busy={!!busy || loading}>
        {busy ? labels.processing : labels.pay}
      </Button>
      <p className="text-sm text-muted">{labels.secureNote}</p>
    </form>
  );
}
