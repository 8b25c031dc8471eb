import { describe, expect, it } from "vitest";
import { isAllowedAddress, webhookUrlProblem } from "~/domain/webhook-url";

describe("where a webhook endpoint may point", () => {
  it("takes a public https URL anywhere", () => {
    expect(webhookUrlProblem("https://erp.example.com/hooks/twin-cards", false)).toBeNull();
    expect(webhookUrlProblem("https://93.184.216.34/hooks", false)).toBeNull();
  });

  it.each([
    ["http://erp.example.com/hooks", "Must be https://"],
    ["http://127.0.0.1:8080/hooks", "Must be https://"],
    ["https://localhost/hooks", "public address"],
    ["https://api.localhost/hooks", "public address"],
    ["https://127.0.0.1/hooks", "public address"],
    ["https://2130706433/hooks", "public address"],
    ["https://10.0.0.5/hooks", "public address"],
    ["https://172.16.0.1/hooks", "public address"],
    ["https://172.31.255.255/hooks", "public address"],
    ["https://192.168.1.1/hooks", "public address"],
    ["https://169.254.169.254/latest", "public address"],
    ["https://[::1]/hooks", "public address"],
    ["https://[::ffff:10.0.0.1]/hooks", "public address"],
    ["https://[fe80::1]/hooks", "public address"],
    ["https://[fd12:3456::1]/hooks", "public address"],
    ["https://user:pass@erp.example.com/hooks", "user name or password"],
    ["ftp://erp.example.com/hooks", "https://"],
  ])("refuses %s in production", (url, message) => {
    expect(webhookUrlProblem(url, false)).toContain(message);
  });

  it("allows http:// to a loopback receiver only on demo and test servers, never to another private address", () => {
    expect(webhookUrlProblem("http://127.0.0.1:8080/hooks", true)).toBeNull();
    expect(webhookUrlProblem("http://localhost:8080/hooks", true)).toBeNull();
    expect(webhookUrlProblem("http://[::1]:8080/hooks", true)).toBeNull();
    expect(webhookUrlProblem("http://192.168.1.1/hooks", true)).toContain("https://");
    expect(webhookUrlProblem("https://10.0.0.5/hooks", true)).toContain("public address");
  });

  it("checks resolved addresses the same way (what each delivery connects to)", () => {
    expect(isAllowedAddress("93.184.216.34", false)).toBe(true);
    expect(isAllowedAddress("2606:2800:220:1:248:1893:25c8:1946", false)).toBe(true);
    for (const address of [
      "10.1.1.1",
      "172.20.0.1",
      "192.168.0.1",
      "169.254.1.1",
      "127.0.0.1",
      "0.0.0.0",
      "::1",
      "::ffff:192.168.0.1",
      "fe80::1",
      "fc00::1",
    ]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    expect(isAllowedAddress("127.0.0.1", true)).toBe(true);
    expect(isAllowedAddress("10.1.1.1", true)).toBe(false);
  });
});
