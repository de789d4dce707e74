import "./console.css";
import type { ReactNode } from "react";
import { PageErrorWords } from "@/components/ui/page-error-words";

/** Every console page, signed in or not: the console's stylesheet, and its error pages' words. */
export default function MerchantLayout({ children }: { children: ReactNode }) {
  return <PageErrorWords namespace="ConsoleError">{children}</PageErrorWords>;
}
