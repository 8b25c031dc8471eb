import { useTranslation } from "react-i18next";
import { useFormat } from "./use-format";

/** An item's place in its edition (docs/decisions/0033-serial-numbers.md). */
export interface Numbered {
  serialNumber: number | null;
  editionSize: number | null;
}

/** "#12 of 250" ("nº 12 sur 250"), "#12" in an open edition, null outside an edition: as the merchant reads it. */
export function useSerialLabel(): (item: Numbered) => string | null {
  const { t } = useTranslation();
  const format = useFormat();
  return ({ serialNumber, editionSize }) => {
    if (serialNumber === null) return null;
    const number = format.number(serialNumber);
    return editionSize === null ? t("common.serialOpen", { number }) : t("common.serial", { number, size: format.number(editionSize) });
  };
}
