import type { WalletPassContent, WalletPassPorts, WalletPassSetup } from "~/domain/ports";
import type { PassSigningSetup } from "./signing-material.server";

/*
 * Apple Wallet passes with passkit-generator 3 (decision 0045): the domain's
 * content laid out in Apple's pass.json, the PNG files, manifest.json and the
 * detached PKCS#7 signature over it, zipped as a .pkpass. With APNs configured
 * the pass carries Apple's web service URL and its token (decision 0047); the
 * serial number is the item's id, so an updated pass replaces the one on the phone.
 */

/** #RRGGBB → rgb(r, g, b), the only colour form pass.json takes. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** A text inside a .strings file's double quotes (the library writes `"key" = "value";` as given). */
const quotedString = (text: string) => text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** The domain's port, on the material read at start; `setup` says why passes are off. */
export function walletPassPorts(setup: () => PassSigningSetup, updatable: () => boolean): WalletPassPorts {
  return {
    setup(): WalletPassSetup {
      const read = setup();
      return read.signing
        ? { on: true, passTypeIdentifier: read.signing.passTypeIdentifier, updatable: updatable() }
        : { on: false, missing: [...read.missing], problem: read.problem };
    },
    async sign(content: WalletPassContent): Promise<Buffer> {
      const { signing } = setup();
      if (!signing) throw new Error("Apple Wallet passes are off: their signing material is not configured");
      // Loaded on the first pass, not at start: sharp's native image library is large, and most requests never sign one.
      const [{ PKPass }, { passImages }] = await Promise.all([import("passkit-generator"), import("./pass-images.server")]);
      const pass = new PKPass(await passImages(content.logo, content.thumbnail), signing.certificates, {
        formatVersion: 1,
        passTypeIdentifier: signing.passTypeIdentifier,
        teamIdentifier: signing.teamIdentifier,
        serialNumber: content.serialNumber,
        organizationName: content.organizationName,
        description: content.description,
        logoText: content.logoText,
        backgroundColor: rgb(content.colors.background),
        foregroundColor: rgb(content.colors.foreground),
        labelColor: rgb(content.colors.label),
        sharingProhibited: true,
        ...(content.voided ? { voided: true } : {}),
        // Apple's web service (decision 0047): Wallet asks it for this pass's updates with this token.
        ...(content.webService
          ? { webServiceURL: content.webService.url, authenticationToken: content.webService.authenticationToken }
          : {}),
      });
      pass.type = content.style;
      pass.primaryFields.push(...content.primaryFields);
      pass.secondaryFields.push(...content.secondaryFields);
      pass.auxiliaryFields.push(...content.auxiliaryFields);
      pass.backFields.push(...content.backFields);
      if (content.barcode)
        pass.setBarcodes({
          message: content.barcode.message,
          format: "PKBarcodeFormatQR",
          messageEncoding: "iso-8859-1",
          altText: content.barcode.altText,
        });
      // One <language>.lproj/pass.strings each: Wallet shows the texts of the phone's language, else the pass's own.
      for (const [language, strings] of Object.entries(content.localizations))
        pass.localize(language, Object.fromEntries(Object.entries(strings).map(([key, text]) => [quotedString(key), quotedString(text)])));
      return pass.getAsBuffer();
    },
  };
}
