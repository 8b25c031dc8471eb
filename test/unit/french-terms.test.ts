import { describe, expect, it } from "vitest";
import { FRENCH_SOURCES, readable } from "../support/french-sources";

/*
 * One word per concept in French (issue 39, "Done when"): a shopper reads the same word for the same
 * thing in the claim e-mail, on the storefront's pages and blocks, on the customer account page, on the
 * passes and on the certificate. Each concept of the glossary names its word and the synonyms it rules
 * out; a string using one fails with its source and key. Words are matched whole, in any case.
 */

interface Concept {
  concept: string;
  word: string;
  forbidden: string[];
}

export const GLOSSARY: Concept[] = [
  { concept: "card", word: "carte", forbidden: ["ticket", "coupon", "bon d’achat"] },
  { concept: "code", word: "code", forbidden: ["clé", "jeton", "mot de passe", "code promo"] },
  { concept: "wallet (a crypto wallet)", word: "portefeuille", forbidden: ["porte-monnaie", "portemonnaie", "wallet"] },
  { concept: "give, gift", word: "offrir, cadeau", forbidden: ["donner", "don", "présent", "transférer à un ami"] },
  {
    concept: "claim",
    word: "récupérer",
    forbidden: [
      "obtenir",
      "obtenu",
      "obtenue",
      "obtenus",
      "obtenues",
      "obtenez",
      "obtiendrez",
      "réclamer",
      "réclamation",
      "revendiquer",
      "échanger",
    ],
  },
  { concept: "verify", word: "vérifier", forbidden: ["contrôler", "authentifier", "valider l’authenticité"] },
  { concept: "certificate", word: "certificat", forbidden: ["attestation"] },
  { concept: "e-mail", word: "e-mail", forbidden: ["courriel", "mail", "email", "mél"] },
  { concept: "holder", word: "détenteur", forbidden: ["propriétaire", "titulaire", "possesseur"] },
  { concept: "item", word: "article", forbidden: ["objet", "élément"] },
  { concept: "digital twin", word: "jumeau numérique", forbidden: ["double numérique", "twin", "jumelle"] },
  { concept: "history", word: "historique", forbidden: ["traçabilité", "provenance"] },
  { concept: "link a wallet", word: "associer", forbidden: ["lier", "relier", "rattacher"] },
  { concept: "log in", word: "se connecter", forbidden: ["s’identifier", "ouvrir une session", "login", "log in"] },
  { concept: "shop", word: "boutique", forbidden: ["magasin", "marchand", "commerçant", "store", "shop"] },
  { concept: "number sign", word: "nº", forbidden: ["n°", "no."] },
];

/** Names a French text keeps in English: the app's, and the wallets Apple and Google name so. */
const BRANDS = /\bTwin Cards\b|\b(Apple|Google) Wallet\b/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `term` as a whole word (letters, apostrophes and hyphens do not continue it), any case. */
const wholeWord = (term: string) => new RegExp(`(?<![\\p{L}’'-])${escape(term)}(?![\\p{L}-])`, "iu");

/** Each forbidden synonym a French string uses: "concept: 'synonym' (say 'word')". */
export function termSlips(text: string): string[] {
  const seen = readable(text).replace(BRANDS, "");
  return GLOSSARY.flatMap(({ concept, word, forbidden }) =>
    forbidden.filter((term) => wholeWord(term).test(seen)).map((term) => `${concept}: '${term}' (say '${word}')`),
  );
}

describe("French terms: one word per concept across messages, pages, passes and certificates", () => {
  it.each(FRENCH_SOURCES)("%s uses the glossary's word for each concept", (_source, strings) => {
    expect(strings.length).toBeGreaterThan(0);
    const slips = strings.flatMap(([key, text]) => termSlips(text).map((slip) => `${key}: ${slip}`));
    expect(slips).toEqual([]);
  });

  it("finds a forbidden synonym as a whole word, and lets the glossary's words, brands and Liquid through", () => {
    expect(termSlips("Ajoutez-le à votre porte-monnaie")).toEqual(["wallet (a crypto wallet): 'porte-monnaie' (say 'portefeuille')"]);
    expect(termSlips("Le propriétaire de cet objet")).toHaveLength(2);
    expect(termSlips("Reçu par courriel")).toHaveLength(1);
    expect(termSlips("Ajouter à Apple Wallet, Ajouter à Google Wallet")).toEqual([]);
    expect(termSlips("Associer un portefeuille à vos cartes, reçues par e-mail")).toEqual([]);
    expect(termSlips("Twin Cards\u00a0: émettre un jumeau numérique")).toEqual([]);
    expect(termSlips("{{ shop.name }} vous offre une carte{% if store %}{% endif %}")).toEqual([]);
  });
});
