import "@/app/checkout.css";
import type { AppProps } from "next/app";

/** The payer's page's stylesheet is the App Router checkout's (app/checkout.css): one sheet, one budget. */
export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
