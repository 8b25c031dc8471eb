// Tests call the domain in their own process too (to arrange state, or as the
// server would): it gets its adapters here, as the server's build does at boot.
// Each setting is still read on first use, so a test may set env before that.
import { wireServices } from "~/wiring/services.server";
import { TEST_ENV } from "./test-env";

process.env.WEBHOOK_SECRETS_KEY ??= TEST_ENV.WEBHOOK_SECRETS_KEY;

wireServices();
