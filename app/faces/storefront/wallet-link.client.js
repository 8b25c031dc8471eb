/*
 * Twin Cards: linking a wallet by signature, on the app proxy's wallet page
 * (app/faces/storefront/wallet-page.server.ts, decision 0032). Finds the wallets
 * that follow Solana's Wallet Standard (the app-ready / register-wallet window
 * events of @wallet-standard/app, implemented here in a few lines), and for the
 * one the customer picks: connect, ask the app for a challenge for its key (a
 * Sign In With Solana request in the page's language, decision 0072), have the
 * wallet sign it — with solana:signIn from its fields where the wallet offers it,
 * else solana:signMessage of its text — and send the signature (and, for signIn,
 * what the wallet signed) back. Every word comes from the section's data-* attributes (the
 * page's language); data is only ever written with textContent.
 */
(function () {
  "use strict";

  var root = document.querySelector("[data-twin-cards-wallet]");
  if (!root) return;
  var s = root.dataset;
  var list = root.querySelector("[data-wallet-list]");
  var none = root.querySelector("[data-no-wallet]");
  var status = root.querySelector("[data-wallet-status]");
  var nameInput = root.querySelector('input[name="name"]');
  var wallets = [];
  var busy = false;

  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (_, key) {
      return values[key] !== undefined ? String(values[key]) : "";
    });
  }

  function canSign(wallet) {
    var features = wallet && wallet.features;
    return Boolean(features && features["standard:connect"] && (features["solana:signIn"] || features["solana:signMessage"]));
  }

  function register() {
    Array.prototype.forEach.call(arguments, function (wallet) {
      if (canSign(wallet) && wallets.indexOf(wallet) === -1) wallets.push(wallet);
    });
    render();
    return function unregister() {};
  }

  function render() {
    list.replaceChildren();
    wallets.forEach(function (wallet) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "twincards-wallet-button";
      if (typeof wallet.icon === "string" && /^data:image\//.test(wallet.icon)) {
        var icon = document.createElement("img");
        icon.src = wallet.icon;
        icon.alt = "";
        icon.width = 24;
        icon.height = 24;
        button.appendChild(icon);
      }
      button.appendChild(document.createTextNode(fill(s.connect, { wallet: wallet.name })));
      button.addEventListener("click", function () {
        link(wallet);
      });
      list.appendChild(button);
    });
    none.hidden = wallets.length > 0;
  }

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle("twincards-error", Boolean(isError));
  }

  function postJson(path, payload) {
    return fetch(s.proxyUrl + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (body) {
          if (response.ok) return body.data;
          throw { status: response.status, body: body };
        });
    });
  }

  function base64(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text);
  }

  /** What went wrong, in the customer's words. */
  function problem(failure) {
    var code = failure && failure.body && failure.body.error && failure.body.error.code;
    var paths = ((failure && failure.body && failure.body.error && failure.body.error.details) || []).map(function (detail) {
      return detail.path;
    });
    if (!failure || !failure.status) return s.errorRejected;
    if (failure.status === 401) return s.errorUnauthenticated;
    if (failure.status === 429) return s.errorRateLimited;
    if (failure.status === 410) return s.errorExpired;
    if (failure.status === 409) return paths.indexOf("name") !== -1 ? s.errorNameTaken : s.errorUsed;
    if (code === "VALIDATION_FAILED" && paths.indexOf("name") !== -1) return s.errorNameInvalid;
    if (code === "VALIDATION_FAILED" && paths.indexOf("signature") !== -1) return s.errorSignature;
    return s.errorGeneric;
  }

  function linked(result) {
    var count = result.cards.length;
    var text = count === 0 ? s.linkedNone : count === 1 ? s.linkedOne : s.linkedOther;
    var line = fill(text, { address: result.wallet.address, count: new Intl.NumberFormat(s.locale).format(count) });
    if (result.name) line += " " + fill(s.nameRegistered, { name: result.name });
    say(line, false);
    document.dispatchEvent(new CustomEvent("twin-cards:wallet-linked", { detail: result }));
  }

  /** The wallet's signature of the challenge: solana:signIn from its fields when offered, else solana:signMessage of its text. */
  function sign(wallet, account, challenge) {
    var signIn = wallet.features["solana:signIn"];
    if (signIn && challenge.signIn) {
      return signIn.signIn(challenge.signIn).then(function (outputs) {
        return { signature: outputs[0].signature, signedMessage: outputs[0].signedMessage };
      });
    }
    var message = new TextEncoder().encode(challenge.message);
    return wallet.features["solana:signMessage"].signMessage({ account: account, message: message }).then(function (outputs) {
      return { signature: outputs[0].signature, signedMessage: null };
    });
  }

  function link(wallet) {
    if (busy) return;
    busy = true;
    var name = nameInput.value.trim().toLowerCase();
    var account;
    say(fill(s.connecting, { wallet: wallet.name }), false);
    wallet.features["standard:connect"]
      .connect()
      .then(function (connected) {
        account = ((connected && connected.accounts) || wallet.accounts || [])[0];
        if (!account) throw null;
        return postJson("/wallet/challenge", { publicKey: account.address, domain: window.location.hostname, language: s.locale });
      })
      .then(function (challenge) {
        say(fill(s.signing, { wallet: wallet.name }), false);
        return sign(wallet, account, challenge).then(
          function (signed) {
            var payload = { challengeId: challenge.challengeId, signature: base64(signed.signature) };
            if (signed.signedMessage) payload.signedMessage = base64(signed.signedMessage);
            if (name) payload.name = name;
            return postJson("/wallet", payload);
          },
          function () {
            throw null;
          },
        );
      })
      .then(linked, function (failure) {
        say(problem(failure), true);
      })
      .then(function () {
        busy = false;
      });
  }

  var api = Object.freeze({ register: register });
  window.addEventListener("wallet-standard:register-wallet", function (event) {
    try {
      event.detail(api);
    } catch {
      // A wallet's own mistake must not stop the page.
    }
  });
  try {
    window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api }));
  } catch {
    // Old browsers without CustomEvent: no wallet can register either.
  }
  render();
})();
