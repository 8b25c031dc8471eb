import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { digitalLinkOf, isAppSerial, serialCandidates } from "~/domain/digital-link";
import { checkGtin, gs1CheckDigit } from "~/domain/gtin";
import { linkFor, linksetOf, parseLinkType, type ResolvedItem } from "~/domain/linkset";
import { newVerifyToken } from "~/domain/verify-token.server";

// GS1's own SDK (digital-link.js 1.4.3) checks every URI the app writes against the Digital Link grammar.
const { DigitalLink } = createRequire(import.meta.url)("digital-link.js") as {
  DigitalLink: (uri: string) => { isValid(): boolean; getIdentifier(): Record<string, string>; getKeyQualifiers(): Record<string, string> };
};

describe("GTINs", () => {
  it("computes GS1's mod-10 check digit of GS1's published examples", () => {
    // GS1 General Specifications' worked example, GS1's example company prefix 950600, a UPC-A and an EAN-8.
    expect(gs1CheckDigit("629104150021")).toBe(3);
    expect(gs1CheckDigit("950600013435")).toBe(2);
    expect(gs1CheckDigit("03600029145")).toBe(2);
    expect(gs1CheckDigit("9638507")).toBe(4);
  });

  it.each([
    ["96385074", "00000096385074"],
    ["036000291452", "00036000291452"],
    ["9506000134352", "09506000134352"],
    ["09506000134352", "09506000134352"],
  ])("accepts the GTIN %s as %s", (barcode, gtin14) => {
    expect(checkGtin(barcode)).toEqual({ ok: true, gtin14 });
  });

  it.each([
    ["9506000134353", "check_digit"],
    ["036000291453", "check_digit"],
    ["95060001343", "length"],
    ["950600013435200", "length"],
    ["SKU-TP-01", "characters"],
    ["950600 0134352", "characters"],
    ["９５０６０００１３４３５２", "characters"],
    ["", "characters"],
  ])("reports %j as not a GTIN (%s), never corrected", (barcode, problem) => {
    expect(checkGtin(barcode)).toEqual({ ok: false, problem });
  });
});

describe("Digital Link URIs", () => {
  const shop = "harbor-and-pine.myshopify.com";

  it("writes /01/<GTIN-14>/21/<serial> under the app proxy, which GS1's SDK accepts, for numbered and unnumbered items", () => {
    for (let i = 0; i < 10; i++) {
      const token = newVerifyToken();
      for (const serial of serialCandidates({ serialNumber: i === 0 ? 1 : i * 997, verifyToken: token })) {
        const uri = digitalLinkOf(shop, "09506000134352", serial);
        expect(uri).toBe(`https://${shop}/apps/twincards/01/09506000134352/21/${serial}`);
        const link = DigitalLink(uri);
        expect(link.isValid(), uri).toBe(true);
        expect(link.getIdentifier()).toEqual({ "01": "09506000134352" });
        expect(link.getKeyQualifiers()).toEqual({ "21": serial });
      }
    }
  });

  it("takes the edition's number as the serial first, then 20 hex digits of the token (AI 21 holds 20 characters)", () => {
    const token = newVerifyToken();
    expect(serialCandidates({ serialNumber: 12, verifyToken: token })).toEqual(["12", token.slice(0, 20)]);
    expect(serialCandidates({ serialNumber: null, verifyToken: token })).toEqual([token.slice(0, 20)]);
    // The whole token does not fit AI 21: GS1's SDK refuses it.
    expect(DigitalLink(digitalLinkOf(shop, "09506000134352", token)).isValid()).toBe(false);
    expect(isAppSerial(token)).toBe(false);
    expect(isAppSerial("12")).toBe(true);
    expect(isAppSerial("ab%2F12")).toBe(false);
  });
});

describe("linksets (GS1-Conformant Resolver, RFC 9264)", () => {
  const item: ResolvedItem = {
    anchor: "https://harbor-and-pine.myshopify.com/apps/twincards/01/09506000134352/21/12",
    description: "Meridian Automatic Watch",
    links: [
      { type: "pip", href: "https://harbor-and-pine.myshopify.com/products/meridian", title: "Product information" },
      {
        type: "certificationInfo",
        href: "https://harbor-and-pine.myshopify.com/apps/twincards/v/abc",
        title: "Certificate of authenticity",
      },
    ],
    defaultLink: {
      type: "certificationInfo",
      href: "https://harbor-and-pine.myshopify.com/apps/twincards/v/abc",
      title: "Certificate of authenticity",
    },
  };

  it("writes every link type as its GS1 Web Vocabulary URI, the default link among them", () => {
    expect(linksetOf(item)).toEqual({
      linkset: [
        {
          anchor: item.anchor,
          description: "Meridian Automatic Watch",
          "https://gs1.org/voc/pip": [{ href: item.links[0]!.href, title: "Product information", type: "text/html" }],
          "https://gs1.org/voc/certificationInfo": [{ href: item.links[1]!.href, title: "Certificate of authenticity", type: "text/html" }],
          "https://gs1.org/voc/defaultLink": [{ href: item.links[1]!.href, title: "Certificate of authenticity", type: "text/html" }],
        },
      ],
    });
  });

  it("reads linkType as a CURIE, a URI, linkset or all; an unknown type goes to the default link", () => {
    expect(parseLinkType(null)).toBeNull();
    expect(parseLinkType("linkset")).toEqual({ kind: "linkset" });
    expect(parseLinkType("all")).toEqual({ kind: "linkset" });
    expect(linkFor(item, parseLinkType("gs1:pip")!).href).toBe(item.links[0]!.href);
    expect(linkFor(item, parseLinkType("https://gs1.org/voc/pip")!).href).toBe(item.links[0]!.href);
    expect(linkFor(item, parseLinkType("https://ref.gs1.org/voc/pip")!).href).toBe(item.links[0]!.href);
    expect(parseLinkType("gs1:recipeInfo")).toEqual({ kind: "unknown" });
    expect(linkFor(item, parseLinkType("gs1:recipeInfo")!).href).toBe(item.defaultLink.href);
    // A type the app serves but this item lacks (no instructions set) also goes to the default link.
    expect(linkFor(item, parseLinkType("gs1:instructions")!).href).toBe(item.defaultLink.href);
    expect(linkFor(item, parseLinkType("pip")!).href).toBe(item.defaultLink.href);
  });
});
