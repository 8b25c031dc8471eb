/*
 * Twin Cards: the linked wallet and the cards waiting for the customer on the "My cards" block
 * (issue 39, items 7 and 10; decisions 0070 and 0072), loaded by blocks/my-cards.liquid next to
 * my-cards.js, whose size Shopify limits. Once my-cards.js has drawn the list, it adds above it, as
 * the app proxy's My cards does: "Your wallet: 7xKX…gAsU" with a Copy button (where the browser can
 * copy) that copies the whole address and says "Copied"; then "Waiting for you", the codes sent to
 * the e-mail address Shopify verified for the customer, each claimed with one tap (no code typed),
 * after which the list reloads. Data is only ever written with textContent/attributes; every word
 * comes from the block's data-* attributes (the page's language).
 */
(function () {
  "use strict";

  var SELECTOR = "[data-twin-cards-my-cards]";
  var GONE = [404, 409, 410];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function button(text, label, onClick) {
    var node = el("button", "twin-cards__button twin-cards__button--secondary", text);
    node.type = "button";
    node.setAttribute("aria-label", label);
    node.addEventListener("click", onClick);
    return node;
  }

  function walletLine(root, wallet) {
    var s = root.dataset;
    var line = el("div", "twin-cards__wallet-line");
    line.appendChild(el("p", null, s.walletLine.replace("%a", wallet.address)));
    var clipboard = navigator.clipboard;
    if (!wallet.publicKey || !clipboard || typeof clipboard.writeText !== "function") return line;
    var status = el("span", "twin-cards__copied");
    status.setAttribute("role", "status");
    line.appendChild(
      button(s.walletCopy, s.walletCopyLabel, function () {
        clipboard.writeText(wallet.publicKey).then(
          function () {
            status.textContent = s.walletCopied;
          },
          function () {
            status.textContent = s.walletCopyFailed;
          },
        );
      }),
    );
    line.appendChild(status);
    return line;
  }

  function formatDate(iso, locale) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));
    } catch {
      return "";
    }
  }

  function waitingSection(root, waiting) {
    var s = root.dataset;
    var section = el("section", "twin-cards__waiting");
    var heading = el("h3", null, s.waitingHeading);
    heading.id = "twin-cards-waiting-" + s.blockId;
    section.setAttribute("aria-labelledby", heading.id);
    section.appendChild(heading);
    section.appendChild(el("p", "twin-cards__hint", s.waitingHint));
    var list = el("ul");
    waiting.forEach(function (code) {
      var names = code.cards
        .map(function (card) {
          return card.name;
        })
        .join(", ");
      var item = el("li", "twin-cards__waiting-item");
      var text = el("div");
      text.appendChild(el("p", "twin-cards__waiting-name", names));
      text.appendChild(el("p", "twin-cards__hint", s.waitingUntil.replace("%d", formatDate(code.expiresAt, s.locale || undefined))));
      item.appendChild(text);
      item.appendChild(
        button(s.waitingClaim, s.waitingClaim + ": " + names, function (event) {
          claim(root, code, event.currentTarget, item);
        }),
      );
      list.appendChild(item);
    });
    section.appendChild(list);
    return section;
  }

  // One tap: the app claims it as the code would (to the linked wallet, else the shop keeps it), then the list reloads.
  function claim(root, code, control, place) {
    var s = root.dataset;
    control.disabled = true;
    fetch(s.proxyUrl + code.claimPath, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: "{}",
    })
      .then(function (response) {
        // Claimed meanwhile, cancelled or expired: said, and the list shows what is left.
        if (!response.ok && GONE.indexOf(response.status) < 0) throw new Error("HTTP " + response.status);
        say(root, response.ok ? s.waitingClaimed : s.waitingGone);
        root.dispatchEvent(new CustomEvent("twin-cards:changed", { bubbles: true }));
      })
      .catch(function () {
        control.disabled = false;
        var alert = place.querySelector("[role=alert]") || place.appendChild(el("p", "twin-cards__error"));
        alert.setAttribute("role", "alert");
        alert.textContent = s.waitingFailed;
      });
  }

  // Said above the list, which reloads after a claim.
  function say(root, text) {
    var status = root.querySelector("[data-twin-cards-waiting-said]");
    if (!status) {
      status = el("p", "twin-cards__sent");
      status.setAttribute("role", "status");
      status.setAttribute("data-twin-cards-waiting-said", "");
      var content = root.querySelector("[data-twin-cards-content]");
      content.parentNode.insertBefore(status, content);
    }
    status.textContent = text;
  }

  function decorate(root) {
    var data = root && root.twinCardsData;
    var content = root && root.querySelector("[data-twin-cards-content]");
    if (!data || !content || content.querySelector("[data-twin-cards-waiting]")) return;
    var top = el("div");
    top.setAttribute("data-twin-cards-waiting", "");
    if (data.wallet) top.appendChild(walletLine(root, data.wallet));
    if (data.waiting && data.waiting.length) top.appendChild(waitingSection(root, data.waiting));
    content.insertBefore(top, content.firstChild);
  }

  // Whichever script runs first, each drawn list gets its wallet line and waiting cards once.
  document.addEventListener("twin-cards:rendered", function (event) {
    decorate(event.target.closest(SELECTOR));
  });
  document.querySelectorAll(SELECTOR).forEach(decorate);
})();
