import { transportsFromConfig } from "~/adapters/notifications/transports/index.server";
import { validationFailed, fieldError } from "~/domain/errors";
import { newId } from "~/domain/ids";
import { previewMessage } from "~/domain/message-templates.server";
import { email, phone } from "~/domain/schemas";
import { notifyConfig } from "~/wiring/config.server";
import type { templateFields } from "./message-preview.server";

const NO_DESTINATION = "Give an e-mail address or a phone number in international format, e.g. +14155550123";

/**
 * "Send me a test": the template being edited (saved or not), with sample data,
 * through the server's own e-mail or SMS transport, to the address or number
 * the merchant typed. Refused, and nothing sent, while a field has a problem.
 */
export async function sendTestMessage(shop: string, fields: ReturnType<typeof templateFields>, to: string) {
  const asEmail = email.safeParse(to);
  const asPhone = asEmail.success ? null : phone.safeParse(to);
  const channel = asEmail.success ? "EMAIL" : asPhone?.success ? "SMS" : null;
  const destination = asEmail.success ? asEmail.data : asPhone?.success ? asPhone.data : null;
  if (!channel || !destination) throw fieldError("testTo", NO_DESTINATION);
  const { message, fieldErrors } = await previewMessage(shop, fields);
  const details = Object.entries(fieldErrors).map(([path, error]) => ({ path, message: error }));
  if (details.length) throw validationFailed(details);
  const transports = transportsFromConfig(notifyConfig());
  try {
    const id = newId("ntf");
    const test = { ...message, subject: `[Test] ${message.subject}`, sms: `[Test] ${message.sms}` };
    const sent = await transports[channel].send({
      id,
      shop,
      channel,
      destination,
      payload: { code: message.code, claimUrl: message.claimUrl, claimTarget: "THEME", expiresAt: "", cards: [] },
      message: test,
    });
    return { channel, to: destination, providerMessageId: sent.providerMessageId };
  } catch (error) {
    throw fieldError("testTo", `Not sent: ${(error as Error).message}`);
  } finally {
    for (const transport of new Set(Object.values(transports))) await transport.close?.();
  }
}
