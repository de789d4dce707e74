"use client";

import { buttonClass, cardClass, inputClass } from "@/lib/ui/recipes";
import { fieldsetClass, legendClass } from "./recipes";
import { useRef, useState, useTransition } from "react";
import { useLocale, useTranslations, type Messages } from "next-intl";
import type { CreateResult } from "@/lib/console/action-results";
import { useConsoleAction } from "./actions-context";
import type { CreateLinkRequest, LinkDetail } from "@/lib/contract/console";
import { formTotals, moneyFromInput, type TotalsError } from "@/lib/contract/invoice";
import { linkFormProblems } from "@/lib/console/link-form";
import { parseMoney } from "@/lib/contract/money";
import { rupiah } from "@/lib/i18n/format";
import { CopyButton } from "@/components/ui/copy-button";

type Item = { name: string; price: string; quantity: string };
type CreateKey = keyof Messages["ConsoleCreate"];
type Fee = { text: string; value: string };

const emptyCustomer = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  address: "",
  city: "",
  postalCode: "",
  province: "",
  countryCode: "ID",
};

/**
 * The create-link form. The live total comes from the same function the gateway uses
 * (lib/contract/invoice.ts), so what the merchant sees is what the API will compute; the
 * gateway still decides, and its refusals come back by field. Nothing typed is ever lost:
 * the state lives here until a link exists. "Create another" starts a fresh form in place (a new
 * key), without loading the page again.
 */
export function CreateLinkForm() {
  const [round, setRound] = useState(0);
  return <LinkForm key={round} onAnother={() => setRound((n) => n + 1)} />;
}

function LinkForm({ onAnother }: { onAnother: () => void }) {
  const t = useTranslations("ConsoleCreate");
  const locale = useLocale();
  // Numbered labels ("Item {n} name") take the row's number as their ICU argument.
  const l = (key: CreateKey, n?: number) => t(key, { n: n ?? 0 });
  const [title, setTitle] = useState("");
  const [subTitle, setSubTitle] = useState("");
  const [reference, setReference] = useState("");
  const [items, setItems] = useState<Item[]>([{ name: "", price: "", quantity: "1" }]);
  const [fees, setFees] = useState<Fee[]>([]);
  const [customer, setCustomer] = useState(emptyCustomer);
  const [expiry, setExpiry] = useState("1440");
  const [language, setLanguage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [created, setCreated] = useState<LinkDetail | null>(null);
  const [pending, start] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const createLinkAction = useConsoleAction("createLink");

  const totals = formTotals(items, fees);
  const totalsMessage: Record<TotalsError, string> = {
    amount: l("errAmount"),
    quantity: l("errQuantity"),
    total: l("errTotal"),
    range: l("errRange"),
  };

  /** The request body as typed; amounts the form cannot read stay as typed, so the contract refuses them. */
  function requestBody(): CreateLinkRequest {
    return {
      ...(reference.trim() ? { partnerReferenceNo: reference.trim() } : {}),
      additionalInfo: {
        invoiceTitle: title.trim(),
        invoiceSubTitle: subTitle.trim(),
        itemDetails: items.map((it) => ({
          name: it.name.trim(),
          price: moneyFromInput(it.price) ?? it.price,
          quantity: /^\s*\d+\s*$/.test(it.quantity) ? Number(it.quantity) : Number.NaN,
        })),
        customFees: fees.map((f) => ({
          text: f.text.trim(),
          value: moneyFromInput(f.value, { allowNegative: true }) ?? f.value,
        })),
        customerDetail: {
          firstName: customer.firstName.trim(),
          lastName: customer.lastName.trim(),
          email: customer.email.trim(),
          phoneNumber: customer.phoneNumber.trim(),
          billingAddress: {
            address: customer.address.trim(),
            city: customer.city.trim(),
            postalCode: customer.postalCode.trim(),
            province: customer.province.trim(),
            countryCode: customer.countryCode.trim().toUpperCase(),
          },
        },
        expiryMinutes: /^\s*\d+\s*$/.test(expiry) ? Number(expiry) : Number.NaN,
        ...(language === "en" || language === "id" ? { language } : {}),
      },
      ...(totals.total ? { totalAmount: { value: totals.total, currency: "IDR" } } : {}),
    };
  }

  /**
   * The contract's verdict on the body (lib/console/link-form.ts, the schema the API parses
   * with), and the live total's: the typed amounts' and the total's own problems come first.
   */
  function validate(body: CreateLinkRequest): Record<string, string> {
    const e: Record<string, string> = {};
    for (const [path, p] of Object.entries(linkFormProblems(body)))
      e[path] = t(p.key, { n: 0, ...("values" in p ? p.values : {}) });
    for (const [path, code] of Object.entries(totals.errors)) e[path] = totalsMessage[code];
    return e;
  }

  /** The first field marked, in the order the form shows them. */
  function focusFirstError(e: Record<string, string>) {
    if (Object.keys(e).length === 0) return;
    requestAnimationFrame(() =>
      [...(formRef.current?.querySelectorAll<HTMLElement>("[data-field]") ?? [])]
        .find((el) => el.dataset.field! in e)
        ?.focus(),
    );
  }

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    const body = requestBody();
    const e = validate(body);
    setErrors(e);
    if (Object.keys(e).length > 0) {
      setSummary(l("errors"));
      focusFirstError(e);
      return;
    }
    start(async () => {
      const result: CreateResult = await createLinkAction(body);
      if (result.ok) {
        setCreated(result.link);
        setSummary(null);
        return;
      }
      // The server names the form's own fields (lib/console/link-form.ts, formFieldOf).
      const fields = result.fields ?? {};
      setErrors(fields);
      setSummary(result.error);
      focusFirstError(fields);
    });
  }

  if (created) return <Created link={created} onAnother={onAnother} />;

  const field = (
    id: string,
    label: string,
    value: string,
    set: (v: string) => void,
    opts: {
      type?: string;
      hint?: string;
      autoComplete?: string;
      inputMode?: "numeric" | "decimal" | "email" | "tel";
    } = {},
  ) => {
    const err = errors[id];
    const describedBy =
      [err ? `${id}-error` : "", opts.hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className="mb-3 flex min-w-0 flex-col gap-1">
        <label htmlFor={`f-${id}`}>{label}</label>
        <input
          className={inputClass}
          id={`f-${id}`}
          data-field={id}
          type={opts.type ?? "text"}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={err ? true : undefined}
          aria-describedby={describedBy}
          autoComplete={opts.autoComplete ?? "off"}
          inputMode={opts.inputMode}
        />
        {opts.hint && (
          <p className="m-0 text-xs text-muted" id={`${id}-hint`}>
            {opts.hint}
          </p>
        )}
        {err && (
          <p className="m-0 text-sm text-bad" id={`${id}-error`}>
            {err}
          </p>
        )}
      </div>
    );
  };
  // A whole list's problem (more rows than the contract takes), focusable like a field's.
  const listError = (id: "items" | "fees") =>
    errors[id] && (
      <p className="m-0 text-sm text-bad" data-field={id} tabIndex={-1}>
        {errors[id]}
      </p>
    );
  const setItem = (i: number, patch: Partial<Item>) =>
    setItems((all) => all.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const setFee = (i: number, patch: Partial<Fee>) =>
    setFees((all) => all.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const setCust = (k: keyof typeof emptyCustomer) => (v: string) => setCustomer((c) => ({ ...c, [k]: v }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      {summary && (
        <p className="mb-4 rounded-md px-4 py-3 bg-bad-soft text-bad" role="alert">
          {summary}
        </p>
      )}
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{l("invoice")}</legend>
        <div className="grid grid-cols-1 gap-x-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
          {field("title", l("invoiceTitle"), title, setTitle)}
          {field("subTitle", l("subTitle"), subTitle, setSubTitle)}
          {field("reference", l("reference"), reference, setReference, {
            hint: l("referenceHint"),
          })}
        </div>
      </fieldset>
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{l("items")}</legend>
        {items.map((it, i) => (
          <div
            className="mb-2 grid grid-cols-1 items-end gap-x-2 [border-width:0_0_1px] border-dashed border-line pb-2 lg:grid-cols-[3fr_2fr_1fr_auto]"
            key={i}
          >
            {field(`items.${i}.name`, l("itemName", i + 1), it.name, (v) => setItem(i, { name: v }))}
            {field(`items.${i}.price`, l("itemPrice", i + 1), it.price, (v) => setItem(i, { price: v }), {
              inputMode: "decimal",
            })}
            {field(`items.${i}.quantity`, l("itemQuantity", i + 1), it.quantity, (v) => setItem(i, { quantity: v }), {
              inputMode: "numeric",
            })}
            {items.length > 1 && (
              <button
                type="button"
                className={buttonClass({ variant: "secondary" })}
                onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
              >
                {l("removeItem", i + 1)}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className={buttonClass({ variant: "secondary" })}
          onClick={() => setItems((all) => [...all, { name: "", price: "", quantity: "1" }])}
        >
          {l("addItem")}
        </button>
        {listError("items")}
      </fieldset>
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{l("fees")}</legend>
        {fees.map((f, i) => (
          <div
            className="mb-2 grid grid-cols-1 items-end gap-x-2 [border-width:0_0_1px] border-dashed border-line pb-2 lg:grid-cols-[3fr_2fr_auto]"
            key={i}
          >
            {field(`fees.${i}.text`, l("feeText", i + 1), f.text, (v) => setFee(i, { text: v }))}
            {field(`fees.${i}.value`, l("feeValue", i + 1), f.value, (v) => setFee(i, { value: v }), {
              inputMode: "decimal",
            })}
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              onClick={() => setFees((all) => all.filter((_, j) => j !== i))}
            >
              {l("removeFee", i + 1)}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={buttonClass({ variant: "secondary" })}
          onClick={() => setFees((all) => [...all, { text: "", value: "" }])}
        >
          {l("addFee")}
        </button>
        {listError("fees")}
      </fieldset>
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{l("customer")}</legend>
        <div className="grid grid-cols-1 gap-x-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
          {field("firstName", l("firstName"), customer.firstName, setCust("firstName"), { autoComplete: "off" })}
          {field("lastName", l("lastName"), customer.lastName, setCust("lastName"))}
          {field("email", l("email"), customer.email, setCust("email"), {
            type: "email",
            inputMode: "email",
          })}
          {field("phoneNumber", l("phone"), customer.phoneNumber, setCust("phoneNumber"), {
            type: "tel",
            inputMode: "tel",
          })}
        </div>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{l("billing")}</legend>
          <div className="grid grid-cols-1 gap-x-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
            {field("address", l("address"), customer.address, setCust("address"))}
            {field("city", l("city"), customer.city, setCust("city"))}
            {field("postalCode", l("postalCode"), customer.postalCode, setCust("postalCode"))}
            {field("province", l("province"), customer.province, setCust("province"))}
            {field("countryCode", l("country"), customer.countryCode, setCust("countryCode"))}
          </div>
        </fieldset>
      </fieldset>
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{l("options")}</legend>
        <div className="grid grid-cols-1 gap-x-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
          {field("expiry", l("expiry"), expiry, setExpiry, {
            inputMode: "numeric",
          })}
          <div className="mb-3 flex min-w-0 flex-col gap-1">
            <label htmlFor="f-language">{l("language")}</label>
            <select
              className={inputClass}
              id="f-language"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              <option value="">{l("languageAuto")}</option>
              <option value="en">{l("english")}</option>
              <option value="id">{l("indonesian")}</option>
            </select>
          </div>
        </div>
      </fieldset>
      <div className={`${cardClass} mb-4 flex flex-wrap gap-4 text-lg`} aria-live="polite">
        <span>
          {l("subtotal")}: {totals.subtotal ? rupiah(parseMoney(totals.subtotal), locale) : "—"}
        </span>
        <span>
          {l("total")}:{" "}
          <strong data-testid="live-total">{totals.total ? rupiah(parseMoney(totals.total), locale) : "—"}</strong>
        </span>
        {errors.total && (
          <p className="m-0 text-sm text-bad" id="total-error" data-field="total" tabIndex={-1}>
            {errors.total}
          </p>
        )}
      </div>
      <button type="submit" className={buttonClass()} disabled={pending}>
        {l("submit")}
      </button>
    </form>
  );
}

function Created({ link, onAnother }: { link: LinkDetail; onAnother: () => void }) {
  const l = useTranslations("ConsoleCreate");
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className={`${cardClass} mb-4`} aria-labelledby="created-heading">
      <h2
        id="created-heading"
        ref={(el) => {
          headingRef.current = el;
          el?.focus();
        }}
        tabIndex={-1}
      >
        {l("created")}: {link.partnerReferenceNo} · {rupiah(parseMoney(link.totalAmount.value), locale)}
      </h2>
      <p className="font-semibold">{l("uri")}</p>
      <p className="break-all font-mono" data-testid="payment-link-uri">
        {link.paymentLinkUri}
      </p>
      <div className="my-2 flex flex-wrap items-center gap-2">
        <CopyButton
          value={link.paymentLinkUri}
          text={l("copy")}
          label={l("copy")}
          copied={l("copied")}
          failed={l("copyFailed")}
        />
        <a
          className={buttonClass({ variant: "secondary" })}
          href={link.paymentLinkUri}
          target="_blank"
          rel="noopener noreferrer"
        >
          {l("openAsPayer")}
        </a>
        <a
          className={buttonClass({ variant: "secondary" })}
          href={`/pay/${link.paymentLinkId}/preview`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {l("preview")}
        </a>
        <a className={buttonClass({ variant: "secondary" })} href={`/merchant/links/${link.paymentLinkId}`}>
          {l("details")}
        </a>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onAnother}>
          {l("another")}
        </button>
      </div>
      <img
        className="size-[200px] bg-surface"
        src={`/merchant/links/${link.paymentLinkId}/qr.svg`}
        alt={l("qr")}
        width={200}
        height={200}
      />
    </section>
  );
}
