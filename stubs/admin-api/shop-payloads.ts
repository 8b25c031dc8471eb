// The bodies Shopify sends for a shop's uninstall and the three compliance
// topics, with the fields and JSON types of Shopify's sample payloads for API
// 2026-07 (test/support/shopify-examples/, checked by
// test/unit/admin-api-stub-webhooks.test.ts). Ids are JSON integers (BigInt).
import type { DemoCustomer } from "./demo-data";
import type { StubShop } from "./shop-settings";

/** `app/uninstalled`: the Shop resource. */
export function appUninstalledPayload(shop: string, settings: StubShop) {
  return {
    id: BigInt(settings.id),
    name: settings.name,
    email: settings.contactEmail,
    domain: settings.primaryDomain,
    province: null,
    country: "FR",
    address1: null,
    zip: null,
    city: null,
    source: null,
    phone: null,
    latitude: null,
    longitude: null,
    primary_locale: settings.primaryLocale,
    address2: null,
    created_at: "2025-01-06T09:00:00+01:00",
    updated_at: "2025-01-06T09:00:00+01:00",
    country_code: "FR",
    country_name: "France",
    currency: "EUR",
    customer_email: settings.contactEmail,
    timezone: `(GMT+00:00) ${settings.timeZone}`,
    iana_timezone: settings.timeZone,
    shop_owner: settings.name,
    money_format: "€{{amount}}",
    money_with_currency_format: "€{{amount}} EUR",
    weight_unit: "kg",
    province_code: null,
    taxes_included: true,
    auto_configure_tax_inclusivity: null,
    tax_shipping: null,
    county_taxes: null,
    plan_display_name: "Development",
    plan_name: "partner_test",
    has_discounts: false,
    has_gift_cards: false,
    myshopify_domain: shop,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: "€{{amount}}",
    money_with_currency_in_emails_format: "€{{amount}} EUR",
    eligible_for_payments: false,
    requires_extra_payments_agreement: false,
    password_enabled: true,
    has_storefront: true,
    finances: true,
    primary_location_id: null,
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: ["EUR"],
    marketing_sms_consent_enabled_at_checkout: false,
    transactional_sms_disabled: false,
  };
}

/** `shop/redact`, 48 hours after the uninstall. */
export const shopRedactPayload = (shop: string, settings: StubShop) => ({ shop_id: BigInt(settings.id), shop_domain: shop });

const customerOf = (customer: DemoCustomer) => ({ id: BigInt(customer.id), email: customer.email, phone: customer.phone });

/** `customers/data_request`: the customer, their orders in the shop, and the request's own id. */
export const dataRequestPayload = (shop: string, settings: StubShop, customer: DemoCustomer, orderIds: string[], requestId: number) => ({
  shop_id: BigInt(settings.id),
  shop_domain: shop,
  customer: customerOf(customer),
  orders_requested: orderIds.map(BigInt),
  data_request: { id: requestId },
});

/** `customers/redact`: the customer and their orders in the shop. */
export const customerRedactPayload = (shop: string, settings: StubShop, customer: DemoCustomer, orderIds: string[]) => ({
  shop_id: BigInt(settings.id),
  shop_domain: shop,
  customer: customerOf(customer),
  orders_to_redact: orderIds.map(BigInt),
});
