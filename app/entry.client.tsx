import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, languageOf } from "./faces/admin/i18n/config";
import { sendLocaleWithRequests } from "./faces/admin/i18n/locale-header.client";

// Remix's default browser entry, plus i18next in the language the server rendered (<html lang>).
sendLocaleWithRequests();
void i18next
  .use(initReactI18next)
  .init({ ...i18nOptions, lng: languageOf(document.documentElement.lang) })
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    }),
  );
