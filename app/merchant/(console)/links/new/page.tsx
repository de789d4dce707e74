import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CreateLinkForm } from "@/components/merchant/create-link-form";
import { requireSession } from "@/lib/console/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleCreate"))("title") };
}

export default async function NewLinkPage() {
  await requireSession("/merchant/links/new");
  const t = await getTranslations("ConsoleCreate");
  return (
    <>
      <h1>{t("title")}</h1>
      <CreateLinkForm />
    </>
  );
}
