import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";

/**
 * The Pages Router's document, for the payer's page only (pages/pay/[paymentLinkId].tsx); every
 * other page is the App Router's. `lang` is the page's locale, chosen by its server render.
 */
export default function Document(props: DocumentProps) {
  const locale = (props.__NEXT_DATA__.props as { pageProps?: { locale?: string } }).pageProps?.locale ?? "en";
  return (
    <Html lang={locale}>
      <Head />
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
