"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFocusAfterRender } from "./use-focus-after";
import type { SavedCardView } from "@/lib/checkout/action-results";
import { BRAND_LABEL, type CardBrand } from "@/lib/contract/card";

export interface SavedCardLabels {
  heading: string;
  newCard: string;
  remove: string;
  removeYes: string;
  removeNo: string;
  removing: string;
  /** Templates, filled here per card: "{brand} •••• {last4}", "Expires {expiry}", "Remove {card}" … */
  card: string;
  expires: string;
  expired: string;
  removeLabel: string;
  removeConfirm: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all);

/** "Visa •••• 1111": a card as the payer knows it, in every sentence about it. */
export function cardName(labels: Pick<SavedCardLabels, "card">, card: SavedCardView): string {
  const brand = BRAND_LABEL[card.brand as CardBrand] ?? card.brand;
  return fill(labels.card, { brand, last4: card.last4 });
}

/** `{card}` in a template: "Hapus {card}" → "Hapus Visa •••• 1111". */
export function aboutCard(template: string, labels: Pick<SavedCardLabels, "card">, card: SavedCardView): string {
  return fill(template, { card: cardName(labels, card) });
}

const expiryText = (c: SavedCardView) =>
  `${String(c.expMonth).padStart(2, "0")}/${String(c.expYear % 100).padStart(2, "0")}`;

export const NEW_CARD = "new";

/** One row: the whole row is the label; a checked one gets a brand border, a focused one the ring. */
const ROW =
  "flex min-h-12 flex-1 cursor-pointer items-center gap-3 py-2 " +
  "has-disabled:cursor-not-allowed has-focus-visible:[outline:3px_solid_var(--color-focus)] has-focus-visible:outline-offset-2";
const BOX = "flex flex-wrap items-center gap-x-3 rounded-md border border-line px-3";
const BOX_CHECKED = "border-brand [box-shadow:inset_0_0_0_1px_var(--color-brand)]";

/**
 * The customer's saved cards as one radio group, "use a new card" last. Native radios sharing
 * a name: arrow keys move between them and a screen reader announces "1 of 3". An expired card
 * is listed (so the payer knows why it is not offered) but cannot be chosen; any card can be
 * removed, after a confirm in its own row. Only what the gateway lists reaches this component:
 * brand, last 4, expiry, the `pm_` id.
 */
export function SavedCards({
  id,
  cards,
  chosen,
  onChoose,
  onRemove,
  disabled,
  labels,
}: {
  id: string;
  cards: SavedCardView[];
  chosen: string;
  onChoose(choice: string): void;
  /** resolves true once the card is gone */
  onRemove(card: SavedCardView): Promise<boolean>;
  disabled: boolean;
  labels: SavedCardLabels;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);

  const focusAfter = useFocusAfterRender();

  const cancel = (cardId: string) => {
    setConfirming(null);
    // back to the button that opened the confirm
    focusAfter(() => document.getElementById(`${id}-remove-${cardId}`));
  };

  async function remove(card: SavedCardView) {
    setRemoving(card.id);
    const gone = await onRemove(card);
    setRemoving(null);
    setConfirming(null);
    // The row is gone: focus goes to the group's chosen radio, not to the top of the page (the
    // form moves it on to the card number when this was the last card and the group is gone).
    focusAfter(() =>
      gone
        ? group.current?.querySelector<HTMLInputElement>("input:checked")
        : document.getElementById(`${id}-remove-${card.id}`),
    );
  }

  const radio = (value: string, expired: boolean) => (
    <input
      type="radio"
      id={`${id}-pm-${value}`}
      // A name groups the radios (arrow keys); the values are ids, never card data, and the
      // inputs are disabled until the script runs, so a native submit carries none of them.
      name={`${id}-pay-with`}
      value={value}
      checked={chosen === value}
      disabled={disabled || expired}
      onChange={() => onChoose(value)}
      aria-describedby={value === NEW_CARD ? undefined : `${id}-exp-${value}`}
      className="m-0 size-[1.125rem] flex-none accent-brand"
    />
  );

  return (
    <fieldset
      ref={group}
      role="radiogroup"
      aria-labelledby={`${id}-saved-heading`}
      className="m-0 mb-2 grid gap-1.5 border-0 p-0"
      data-testid="saved-cards"
    >
      <legend id={`${id}-saved-heading`} className="mb-1 p-0 font-semibold">
        {labels.heading}
      </legend>
      {cards.map((card) => (
        <div
          key={card.id}
          className={`${BOX} ${chosen === card.id ? BOX_CHECKED : ""} ${card.expired ? "bg-subtle" : ""}`}
          data-testid="saved-card"
        >
          <label className={ROW} htmlFor={`${id}-pm-${card.id}`}>
            {radio(card.id, card.expired)}
            <span className="flex flex-col">
              <span className="font-semibold">{cardName(labels, card)}</span>
              <span id={`${id}-exp-${card.id}`} className={card.expired ? "text-sm text-warn" : "text-sm text-muted"}>
                {fill(card.expired ? labels.expired : labels.expires, { expiry: expiryText(card) })}
              </span>
            </span>
          </label>
          {confirming === card.id ? (
            <div
              role="group"
              aria-labelledby={`${id}-confirm-${card.id}`}
              className="mb-2 grid w-full gap-2"
              onKeyDown={(e) => {
                if (e.key === "Escape" && !removing) cancel(card.id);
              }}
            >
              <p id={`${id}-confirm-${card.id}`} className="m-0 text-sm">
                {aboutCard(labels.removeConfirm, labels, card)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={!!removing}
                  aria-busy={removing === card.id}
                  onClick={() => void remove(card)}
                >
                  {removing === card.id ? labels.removing : labels.removeYes}
                </Button>
                <Button
                  id={`${id}-keep-${card.id}`}
                  variant="secondary"
                  size="sm"
                  disabled={!!removing}
                  onClick={() => cancel(card.id)}
                >
                  {labels.removeNo}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              id={`${id}-remove-${card.id}`}
              variant="secondary"
              size="sm"
              disabled={disabled || !!removing}
              aria-label={aboutCard(labels.removeLabel, labels, card)}
              onClick={() => {
                setConfirming(card.id);
                // the safe answer has focus: Enter by habit keeps the card
                focusAfter(() => document.getElementById(`${id}-keep-${card.id}`));
              }}
            >
              {labels.remove}
            </Button>
          )}
        </div>
      ))}
      <div className={`${BOX} ${chosen === NEW_CARD ? BOX_CHECKED : ""}`}>
        <label className={ROW} htmlFor={`${id}-pm-${NEW_CARD}`}>
          {radio(NEW_CARD, false)}
          <span className="font-semibold">{labels.newCard}</span>
        </label>
      </div>
    </fieldset>
  );
}
