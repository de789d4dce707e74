"use client";

import dynamic from "next/dynamic";

/**
 * The card form behind a client-side dynamic import: it and the SDK it confirms with are a
 * chunk of their own, fetched only where the card step renders (server-rendered there as
 * before). Imported directly, they rode in the one client chunk every checkout page loads.
 */
export const CardStep = dynamic(() => import("./card-form").then((m) => m.CardForm));
