import { useTranslation } from "react-i18next";
import { useDownload } from "./useDownload";

/** A Page action that downloads one CSV export (app/routes/app.export.$kind.ts) in the admin's language. */
export function useCsvExport() {
  const { t } = useTranslation();
  const { download, busy } = useDownload(t("csvExport.failed"));
  return (kind: "cards" | "twins" | "activity", content: string) => ({
    content,
    disabled: busy,
    onAction: () => void download(`/app/export/${kind}`, `twin-cards-${kind}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
