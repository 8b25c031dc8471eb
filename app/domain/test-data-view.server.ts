import { stores } from "./stores";

/*
 * The admin's "View test data" switch (decision 0036): per shop, off by default.
 * While it is on, the admin's lists and pages of cards, twins, messages, webhooks and
 * the home counts show test data (written with tc_test_ keys) instead of live data.
 */

/** Whether the shop's admin shows test data. */
export async function viewTestData(shop: string): Promise<boolean> {
  const setup = await stores().settings.setup(shop);
  return setup?.viewTestData ?? false;
}

/** The merchant's choice (the switch on Home, in Settings, and the banner's "View live data"). */
export async function setViewTestData(shop: string, on: boolean): Promise<{ viewTestData: boolean }> {
  await stores().settings.saveSetup(shop, { viewTestData: on });
  return { viewTestData: on };
}

/** The mode the admin reads and writes in: live unless the switch is on. */
export const adminLivemode = async (shop: string): Promise<boolean> => !(await viewTestData(shop));
