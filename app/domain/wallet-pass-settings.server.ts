import { WALLET_PASS_STYLES, type WalletPassStyle } from "./ports";
import { parseInput } from "./schemas";
import { z } from "./schemas/zod";
import { stores } from "./stores";

/*
 * What a merchant chooses for Apple Wallet passes in admin Settings (decision
 * 0045): Apple's pass style for each kind of item (cards, twins) and the pass's
 * colours, kept on the shop's settings row with these defaults.
 */

/** What a merchant chooses for passes (admin Settings). */
export interface WalletPassSettings {
  /** Apple's pass style for cards and for twins. */
  styles: { card: WalletPassStyle; twin: WalletPassStyle };
  /** #RRGGBB. */
  colors: { background: string; foreground: string; label: string };
}

export const DEFAULT_WALLET_PASS_SETTINGS: WalletPassSettings = {
  styles: { card: "generic", twin: "generic" },
  colors: { background: "#1F2937", foreground: "#FFFFFF", label: "#D1D5DB" },
};

const style = (value: string | undefined, fallback: WalletPassStyle): WalletPassStyle =>
  (WALLET_PASS_STYLES as readonly string[]).includes(value ?? "") ? (value as WalletPassStyle) : fallback;

export async function walletPassSettings(shop: string): Promise<WalletPassSettings> {
  const setup = await stores().settings.setup(shop);
  const defaults = DEFAULT_WALLET_PASS_SETTINGS;
  if (!setup) return defaults;
  return {
    styles: { card: style(setup.passStyleCard, defaults.styles.card), twin: style(setup.passStyleTwin, defaults.styles.twin) },
    colors: { background: setup.passBackgroundColor, foreground: setup.passForegroundColor, label: setup.passLabelColor },
  };
}

const HEX_COLOR = "Must be a colour as #RRGGBB, e.g. #1F2937";
const color = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, HEX_COLOR)
  .transform((value) => value.toUpperCase());
const styleField = z.enum(WALLET_PASS_STYLES, { error: "Must be generic or eventTicket" });

export const walletPassSettingsInput = z
  .object({
    cardStyle: styleField,
    twinStyle: styleField,
    backgroundColor: color,
    foregroundColor: color,
    labelColor: color,
  })
  .strict();

/** The merchant's choice (admin Settings): every field checked, nothing saved when one is wrong. */
export async function setWalletPassSettings(shop: string, input: unknown): Promise<WalletPassSettings> {
  const chosen = parseInput(walletPassSettingsInput, input);
  await stores().settings.saveSetup(shop, {
    passStyleCard: chosen.cardStyle,
    passStyleTwin: chosen.twinStyle,
    passBackgroundColor: chosen.backgroundColor,
    passForegroundColor: chosen.foregroundColor,
    passLabelColor: chosen.labelColor,
  });
  return walletPassSettings(shop);
}
