import { livemode, owner, walletPublicKey } from "./common";
import { z } from "./zod";

/** A universal name: a-z 0-9 . _ - , 3-32 characters; input is trimmed and lowercased. */
export const universalName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, "Must be 3-32 characters of a-z, 0-9, '.', '_' or '-'")
  // The regex above sees the name trimmed and lowercased; the document states what may be sent.
  .meta({
    description: "3-32 characters of a-z, 0-9, '.', '_' or '-'; surrounding spaces are dropped and capitals read as small letters",
    pattern: "^\\s*[A-Za-z0-9._-]{3,32}\\s*$",
    examples: ["jane.doe"],
  });

export const registerNameInput = z
  .object({ name: universalName, publicKey: walletPublicKey, owner: owner.optional() })
  .strict()
  .meta({ id: "RegisterNameInput" });

export const validateNameQuery = z.object({ name: universalName }).strict();

export const nameRecord = z
  .object({ uns_name: z.string(), uns_name_id: z.string(), public_key: z.string(), livemode })
  .meta({ id: "UniversalName" });
export type NameRecord = z.infer<typeof nameRecord>;

export const nameValidation = z
  .object({
    available: z.boolean().meta({ description: "true when the name is registered and can receive twins" }),
    payload: z.object({
      uns_name: z.string(),
      uns_name_id: z.string().optional(),
      public_key: z.string().optional(),
      livemode: livemode
        .optional()
        .meta({ description: "When available: false for a name registered with a test key (test mode has its own registry)" }),
    }),
  })
  .meta({ id: "NameValidation" });
export type NameValidation = z.infer<typeof nameValidation>;
