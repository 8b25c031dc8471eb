import { email, locale, optionalText, phone } from "./common";
import { z } from "./zod";

export const MAX_GIFT_MESSAGE = 300;
export const MAX_GIVER_NAME = 60;

/**
 * What the holder sends to give a card (decision 0043): where its code goes, optional words for
 * the recipient, the name the message gives them (`fromName`; their first name in Shopify when
 * absent, never an e-mail address) and the language of the page they gave from (`locale`).
 */
export const giveCardInput = z
  .object({
    email: z.preprocess(optionalText, email.optional()),
    phone: z.preprocess(optionalText, phone.optional()),
    message: z.preprocess(optionalText, z.string().max(MAX_GIFT_MESSAGE, `Must be at most ${MAX_GIFT_MESSAGE} characters`).optional()),
    fromName: z.preprocess(
      optionalText,
      z
        .string()
        .max(MAX_GIVER_NAME, `Must be at most ${MAX_GIVER_NAME} characters`)
        // A name, shown to the recipient as it is: not an address, no line breaks or markup.
        .refine((name) => !name.includes("@"), "Must be your name, not an e-mail address")
        .refine((name) => !/[\p{Cc}<>]/u.test(name), "Must be a name without line breaks, < or >")
        .optional(),
    ),
    locale: z.preprocess(optionalText, locale.optional()),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.email === undefined && input.phone === undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Give the recipient's e-mail or phone number" });
    }
  });
export type GiveCardInput = z.input<typeof giveCardInput>;
export type GiveCardCommand = z.output<typeof giveCardInput>;

/**
 * The customer account page's gift (issue 39, item 2): its form always shows the name the friend
 * will read, the customer's first name until they edit it. A name sent blank is the holder's
 * clearing it: refused at the field rather than quietly replaced. Absent, it is their first name.
 */
export const accountGiveCardInput = z.looseObject({
  fromName: z.string().trim().min(1, "Must be your name as your friend will see it, not empty").optional(),
});
