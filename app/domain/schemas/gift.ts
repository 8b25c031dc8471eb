import { email, optionalText, phone } from "./common";
import { z } from "./zod";

export const MAX_GIFT_MESSAGE = 300;

/** What the holder sends to give a card (decision 0043): where its code goes, and optional words for the recipient. */
export const giveCardInput = z
  .object({
    email: z.preprocess(optionalText, email.optional()),
    phone: z.preprocess(optionalText, phone.optional()),
    message: z.preprocess(optionalText, z.string().max(MAX_GIFT_MESSAGE, `Must be at most ${MAX_GIFT_MESSAGE} characters`).optional()),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.email === undefined && input.phone === undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Give the recipient's e-mail or phone number" });
    }
  });
export type GiveCardInput = z.input<typeof giveCardInput>;
export type GiveCardCommand = z.output<typeof giveCardInput>;
