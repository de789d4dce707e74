"use client";

import { useEffect, useRef, useState } from "react";
import { useCheckoutActions } from "./actions-context";
import { NEW_CARD } from "./saved-cards";
import type { SavedCardView } from "@/lib/checkout/action-results";

/** The first card that can pay, else a new card: a returning payer's usual choice is ready. */
function firstUsable(cards: SavedCardView[]): string {
  return cards.find((c) => !c.expired)?.id ?? NEW_CARD;
}

/**
 * The card step's intent and, for a link with a customer, that customer's saved cards.
 *
 * Saved cards are listed with the intent's client secret (docs/contract.md §10), so a link
 * with a customer gets its intent as soon as the step runs its script; a link without one
 * gets it at the first Pay, as before. `cards`: undefined while loading, null when the listing
 * failed (a new card still works).
 */
export function useSavedCards(linkId: string, hasCustomer: boolean, hydrated: boolean) {
  const { startCardPayment, removeSavedCard } = useCheckoutActions();
  const clientSecret = useRef<string | null>(null);
  const [cards, setCards] = useState<SavedCardView[] | null | undefined>(hasCustomer ? undefined : []);
  const [choice, setChoice] = useState(NEW_CARD);
  const [startError, setStartError] = useState<string | null>(null);

  useEffect(() => {
    if (!hasCustomer || !hydrated) return;
    let live = true;
    startCardPayment(linkId).then(
      (started) => {
        if (!live) return;
        if (!started.ok) {
          setStartError(started.error);
          setCards([]);
          return;
        }
        clientSecret.current = started.clientSecret;
        setCards(started.cards ?? null);
        setChoice(firstUsable(started.cards ?? []));
      },
      () => live && setCards(null),
    );
    return () => {
      live = false;
    };
  }, [hasCustomer, hydrated, linkId, startCardPayment]);

  /** The intent's client secret, creating the intent on first use. */
  async function secret(): Promise<{ ok: true; clientSecret: string } | { ok: false; error: string }> {
    if (clientSecret.current) return { ok: true, clientSecret: clientSecret.current };
    const started = await startCardPayment(linkId);
    if (started.ok) clientSecret.current = started.clientSecret;
    return started;
  }

  /** Remove a card through this app's server; the list and the choice follow. */
  async function remove(card: SavedCardView): Promise<{ ok: true } | { ok: false; error: string }> {
    if (!clientSecret.current) return { ok: false, error: "" };
    const answer = await removeSavedCard(linkId, clientSecret.current, card.id);
    if (!answer.ok) return answer;
    const left = (cards ?? []).filter((c) => c.id !== card.id);
    setCards(left);
    if (choice === card.id) setChoice(firstUsable(left));
    return answer;
  }

  return { cards, choice, setChoice, startError, secret, remove };
}
