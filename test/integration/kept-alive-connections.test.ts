import nodeHttp from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl, USER_AGENT } from "../support/api";

// A client that reuses an idle connection just as the server closes it meets a reset (issue 37: a test's
// request failed with UND_ERR_SOCKET under load). The server keeps idle connections longer than clients
// and load balancers keep theirs, and says so, so the client side always closes first.

const answerOf = (path: string) =>
  new Promise<nodeHttp.IncomingMessage>((resolve, reject) => {
    nodeHttp.get(`${baseUrl}${path}`, { headers: { "User-Agent": USER_AGENT } }, resolve).on("error", reject);
  });

describe("kept-alive connections", () => {
  it("are kept open for 65 s of idleness, and the answer says so", async () => {
    for (const path of ["/healthz", "/v1/unit-cards", "/no-such-page"]) {
      const answer = await answerOf(path);
      answer.resume();
      expect(answer.headers.connection, path).toBe("keep-alive");
      expect(answer.headers["keep-alive"], path).toBe("timeout=65");
    }
  });
});
