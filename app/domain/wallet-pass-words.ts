import type { MessageLanguage } from "./messages/default-templates";

/** What an Apple Wallet pass says, in the languages claim messages are written in. */
export interface PassWords {
  cardKind: string;
  twinKind: string;
  serialLabel: string;
  serial: (number: string, size: string) => string;
  serialOpen: (number: string) => string;
  holderLabel: string;
  /** A card in a wallet that has no universal name: nothing to mask, nothing shown of the wallet. */
  holderWallet: string;
  /** A card the shop holds for its owner, who claimed it with no wallet (decision 0032). */
  holderHeld: (shopName: string) => string;
  issuedLabel: string;
  verifyLabel: string;
  verifyText: (shopName: string) => string;
  scanToVerify: string;
  description: (title: string, shopName: string) => string;
  /** An updated pass (decision 0047): the card was voided, or given to someone else. */
  statusLabel: string;
  voidStatus: string;
  voidText: (shopName: string) => string;
  givenStatus: string;
  givenText: (shopName: string) => string;
}

const WORDS: Record<MessageLanguage, PassWords> = {
  en: {
    cardKind: "Card",
    twinKind: "Digital twin",
    serialLabel: "Serial number",
    serial: (number, size) => `#${number} of ${size}`,
    serialOpen: (number) => `#${number}`,
    holderLabel: "Held by",
    holderWallet: "Its owner's wallet",
    holderHeld: (shopName) => `${shopName}, for you`,
    issuedLabel: "Issued",
    verifyLabel: "Verify this item",
    verifyText: (shopName) => `Scan the code on the front to open this item's verification page on ${shopName}'s store.`,
    scanToVerify: "Scan to verify",
    description: (title, shopName) => `${title}, issued by ${shopName}`,
    statusLabel: "Status",
    voidStatus: "Void",
    voidText: (shopName) => `${shopName} voided this item: this pass no longer proves anything and can be removed.`,
    givenStatus: "Given away",
    givenText: (shopName) =>
      `This item was given to someone else and is no longer yours. Its new holder has their own pass; you can remove this one. ${shopName}`,
  },
  fr: {
    cardKind: "Carte",
    twinKind: "Jumeau numérique",
    serialLabel: "Numéro de série",
    serial: (number, size) => `nº\u00a0${number} sur\u00a0${size}`,
    serialOpen: (number) => `nº\u00a0${number}`,
    holderLabel: "Détenu par",
    holderWallet: "Le portefeuille de son détenteur",
    holderHeld: (shopName) => `${shopName}, pour vous`,
    issuedLabel: "Émis le",
    verifyLabel: "Vérifier cet article",
    verifyText: (shopName) => `Scannez le code au recto pour ouvrir la page de vérification de cet article sur la boutique ${shopName}.`,
    scanToVerify: "Scanner pour vérifier",
    description: (title, shopName) => `${title}, émis par ${shopName}`,
    statusLabel: "Statut",
    voidStatus: "Annulé",
    voidText: (shopName) => `${shopName} a annulé cet article\u00a0: ce pass ne prouve plus rien et peut être supprimé.`,
    givenStatus: "Offert",
    givenText: (shopName) =>
      `Cet article a été offert à quelqu’un d’autre et n’est plus à vous. Son nouveau détenteur a son propre pass\u00a0; vous pouvez supprimer celui-ci. ${shopName}`,
  },
};

export const passWords = (language: MessageLanguage): PassWords => WORDS[language];
