import type { GoogleWalletContent } from "~/domain/ports";

/*
 * The domain's content laid out as Google Wallet's Generic class and object
 * (https://developers.google.com/wallet/generic/rest/v1/genericobject), the same
 * in a save link and in an update.
 */

const localized = (value: string, language: string) => ({ defaultValue: { language, value } });

const image = (picture: { url: string; description: string }, language: string) => ({
  sourceUri: { uri: picture.url },
  contentDescription: localized(picture.description, language),
});

/** The shop's class: Generic classes carry no text of their own, the objects do. */
export const genericClassOf = (content: GoogleWalletContent) => ({ id: content.classId });

/**
 * The Generic object. `forUpdate`: what is gone is sent as null, which Google's patch
 * semantics clear (a void object's barcode); a new object just leaves it out.
 */
export function genericObjectOf(content: GoogleWalletContent, forUpdate = false) {
  const { language } = content;
  const absent = forUpdate ? null : undefined;
  return {
    id: content.objectId,
    classId: content.classId,
    state: content.state,
    cardTitle: localized(content.cardTitle, language),
    subheader: localized(content.subheader, language),
    header: localized(content.header, language),
    hexBackgroundColor: content.backgroundColor,
    logo: content.logo ? image(content.logo, language) : absent,
    heroImage: content.heroImage ? image(content.heroImage, language) : absent,
    textModulesData: content.textModules.map(({ id, header, body }) => ({ id, header, body })),
    barcode: content.barcode ? { type: "QR_CODE", value: content.barcode.value, alternateText: content.barcode.alternateText } : absent,
  };
}
