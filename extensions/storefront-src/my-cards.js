/*
 * Twin Cards: the "My cards" block (blocks/my-cards.liquid).
 * Fetches GET <proxy>/cards (the app proxy, same origin) and renders the customer's
 * cards and digital twins. Data is only ever written with textContent/attributes.
 * Refreshes when the "Claim a card" block dispatches `twin-cards:claimed` on document.
 */
(function () {
  "use strict";

  var SELECTOR = "[data-twin-cards-my-cards]";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function isHttpUrl(value) {
    return typeof value === "string" && /^https?:\/\//i.test(value);
  }

  /** The shop's log-in page, coming back to this page afterwards. */
  function loginHref(root) {
    var url = new URL(root.dataset.loginUrl || "/account/login", window.location.href);
    url.searchParams.set("return_url", window.location.pathname + window.location.search);
    return url.pathname + url.search;
  }

  function localeOf(root) {
    return root.dataset.locale || document.documentElement.lang || undefined;
  }

  function formatMoney(amount, currency, locale) {
    var value = typeof amount === "string" ? Number(amount) : amount;
    if (typeof value !== "number" || !isFinite(value)) return null;
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: String(currency) }).format(value);
    } catch {
      return value + " " + currency;
    }
  }

  function formatDate(iso, locale) {
    var date = new Date(iso);
    if (isNaN(date.getTime())) return null;
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(date);
    } catch {
      return date.toDateString();
    }
  }

  function formatValue(entry, locale) {
    var value = entry.value;
    if (entry.metaType === "PRICE" && Array.isArray(value) && value.length === 2) {
      var money = formatMoney(value[0], value[1], locale);
      if (money) return money;
    }
    if (typeof value === "number") return new Intl.NumberFormat(locale).format(value);
    if (typeof value === "string") return value;
    if (Array.isArray(value)) {
      return value
        .map(function (item) {
          return typeof item === "object" && item !== null ? JSON.stringify(item) : String(item);
        })
        .join(", ");
    }
    if (value && typeof value === "object") {
      return Object.keys(value)
        .map(function (key) {
          var inner = value[key];
          return key + ": " + (typeof inner === "object" && inner !== null ? JSON.stringify(inner) : String(inner));
        })
        .join(", ");
    }
    return String(value);
  }

  /** The metadata keys the app writes itself (app/domain/public-metadata.ts), labelled in the page's language. */
  var APP_METADATA_LABELS = { brand: "metaBrand", price: "metaPrice", quantity: "metaQuantity", link: "metaLink" };

  /** A metadata label: the app's own keys in the page's language, a merchant's key humanized as they wrote it. */
  function metadataLabel(key, s) {
    var label = Object.prototype.hasOwnProperty.call(APP_METADATA_LABELS, key) ? s[APP_METADATA_LABELS[key]] : "";
    return label || humanize(key);
  }

  /** "supplier_name" → "Supplier name": metadata keys are identifiers, not labels. */
  function humanize(key) {
    var text = String(key).replace(/[_-]+/g, " ").trim();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function definitionList(rows) {
    var list = el("dl", "twin-cards__meta");
    rows.forEach(function (row) {
      if (row[1] === null || row[1] === undefined || row[1] === "") return;
      var item = el("div", "twin-cards__meta-row");
      item.appendChild(el("dt", null, row[0]));
      item.appendChild(el("dd", null, row[1]));
      list.appendChild(item);
    });
    return list.childNodes.length ? list : null;
  }

  /** No picture, or one that failed to load: a tinted square with the name's first letter (the heading names the card). */
  function placeholder(frame, alt) {
    frame.replaceChildren(el("span", "twin-cards__monogram", String(alt).trim().charAt(0).toUpperCase()));
    frame.classList.add("twin-cards__media--empty");
    frame.setAttribute("aria-hidden", "true");
  }

  function media(imageUrl, alt) {
    var frame = el("div", "twin-cards__media");
    if (!isHttpUrl(imageUrl)) {
      placeholder(frame, alt);
      return frame;
    }
    var image = el("img");
    image.alt = alt;
    image.loading = "lazy";
    image.decoding = "async";
    image.addEventListener(
      "error",
      function () {
        placeholder(frame, alt);
      },
      { once: true },
    );
    image.src = imageUrl;
    frame.appendChild(image);
    return frame;
  }

  function article(id, title, badge, badgeModifier, imageUrl, serial) {
    var item = el("li", "twin-cards__item");
    var card = el("article", "twin-cards__card");
    var headingId = "twin-cards-" + id;
    card.setAttribute("aria-labelledby", headingId);
    card.appendChild(media(imageUrl, title));
    var body = el("div", "twin-cards__body");
    body.appendChild(el("p", "twin-cards__badge twin-cards__badge--" + badgeModifier, badge));
    var heading = el("h3", "twin-cards__title", title);
    heading.id = headingId;
    body.appendChild(heading);
    if (serial) body.appendChild(serial);
    card.appendChild(body);
    item.appendChild(card);
    return { item: item, body: body };
  }

  // Its number in its edition, "#12 of 250" ("#12" in an open edition), under its name; nothing outside an edition.
  function serialLine(item, root) {
    if (typeof item.serialNumber !== "number") return null;
    var s = root.dataset;
    var numbers = new Intl.NumberFormat(localeOf(root));
    var text = typeof item.editionSize === "number" ? s.serial.replace("%s", numbers.format(item.editionSize)) : s.serialOpen;
    return el("p", "twin-cards__serial", text.replace("%n", numbers.format(item.serialNumber)));
  }

  // Where the item stands on Solana: in the wallet (with a link to it), or on its way.
  function chainLine(chain, root, title) {
    if (!chain) return null;
    var s = root.dataset;
    var minted = chain.status === "MINTED";
    var line = el("p", "twin-cards__chain", (minted ? s.nftMinted : s.nftPending) + " ");
    if (minted && isHttpUrl(chain.explorerUrl)) {
      var anchor = el("a", "twin-cards__link", s.nftView);
      anchor.href = chain.explorerUrl;
      anchor.target = "_blank";
      anchor.rel = "noopener";
      anchor.setAttribute("aria-label", s.nftView + ": " + title);
      line.appendChild(anchor);
    }
    return line;
  }

  // The wallet that fits the device (issue 39, decision 0074): Apple's on an iPhone or iPad and in Safari on a
  // Mac, Google's on Android, both anywhere else.
  function fitsDevice(google) {
    var ua = navigator.userAgent;
    if (/Android/.test(ua)) return google;
    var apple = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Safari\//.test(ua) && !/Chrome|Chromium|Edg|Firefox|OPR/.test(ua));
    return apple ? !google : true;
  }

  // What the holder can do with an item, in the order the app sends for every My cards (its `actions`,
  // issue 39): verify and see its history, give or take back (the slot my-cards-gift.js fills), the
  // printable certificate (A4), "Add to Apple Wallet" (its pass) and "Add to Google Wallet" (the proxy
  // answers with Google's save link, decision 0048). Each path is under the app proxy.
  function actionLinks(item, title, root, body, slot) {
    var s = root.dataset;
    var locale = localeOf(root);
    var labels = { VERIFY: s.history, CERTIFICATE: s.certificate, APPLE_PASS: s.addToWallet, GOOGLE_PASS: s.addToGoogleWallet };
    (item.actions || []).forEach(function (action) {
      var kind = action.kind;
      if (slot && (kind === "GIVE" || kind === "TAKE_BACK")) {
        body.appendChild(slot);
        return;
      }
      var text = labels[kind];
      if (!text) return;
      var pass = kind === "APPLE_PASS" || kind === "GOOGLE_PASS";
      if (pass && !fitsDevice(kind === "GOOGLE_PASS")) return;
      var link = el(
        "a",
        pass ? "twin-cards__wallet" + (kind === "GOOGLE_PASS" ? " twin-cards__wallet--google" : "") : "twin-cards__link",
        text,
      );
      link.href = s.proxyUrl + action.path + (pass && locale ? "?locale=" + encodeURIComponent(locale) : "");
      link.setAttribute("aria-label", text + ": " + title);
      if (kind === "CERTIFICATE") link.setAttribute("download", "");
      body.appendChild(link);
    });
    // A card that cannot be given (an NFT) still says why.
    if (slot && !slot.parentNode) body.appendChild(slot);
  }

  function renderCard(card, root, blockId) {
    var s = root.dataset;
    var locale = localeOf(root);
    var owned = card.status === "OWNED";
    var giving = card.status === "PENDING_TRANSFER";
    var images = (card.media && card.media.imageUrls) || [];
    var parts = article(
      blockId + "-" + card.id,
      card.name,
      owned ? s.statusOwned : giving ? s.statusGiving : s.statusPending,
      owned ? "owned" : "pending",
      images[0],
      serialLine(card, root),
    );
    var metadata = (card.metadata || []).filter(function (entry) {
      return entry && entry.visibility !== "PRIVATE";
    });
    var list = definitionList(
      metadata.map(function (entry) {
        return [metadataLabel(entry.key, s), formatValue(entry, locale)];
      }),
    );
    if (list) parts.body.appendChild(list);

    var videos = (card.media && card.media.videoUrls) || [];
    if (s.showVideos === "true") {
      videos.filter(isHttpUrl).forEach(function (url) {
        var video = el("video", "twin-cards__video");
        video.src = url;
        video.controls = true;
        video.preload = "metadata";
        video.playsInline = true;
        video.setAttribute("aria-label", s.videoLabel + " " + card.name);
        parts.body.appendChild(video);
      });
    }

    var gift = card.giftFrom;
    if (gift) {
      var on = { n: gift.name, d: formatDate(gift.at, locale) };
      parts.body.appendChild(el("p", "twin-cards__gift-from", fill(gift.name ? s.giftFromLine : s.giftFromSomeone, on)));
    }
    if (card.custody === "HELD") parts.body.appendChild(el("p", "twin-cards__held", s.custodyHeld));
    // Moved to the wallet the customer linked (decision 0072); a card still to claim is in nobody's yet.
    if (card.custody === "WALLET" && card.status !== "PENDING_REDEMPTION")
      parts.body.appendChild(el("p", "twin-cards__held", s.custodyWallet));
    var chain = chainLine(card.chain, root, card.name);
    if (chain) parts.body.appendChild(chain);

    var when = card.redeemedAt || card.createdAt;
    var date = when && formatDate(when, locale);
    if (date) {
      var line = el("p", "twin-cards__date", (card.redeemedAt ? s.claimedOn : s.addedOn) + " ");
      var time = el("time", null, date);
      time.dateTime = when;
      line.appendChild(time);
      parts.body.appendChild(line);
    }
    actionLinks(card, card.name, root, parts.body, giftSlot(card));
    return parts.item;
  }

  // Give it (decision 0043): my-cards-gift.js fills this placeholder, so this script stays under Shopify's size limit.
  function giftSlot(card) {
    var slot = el("div", "twin-cards__gift-actions");
    slot.setAttribute("data-twin-cards-gift", "");
    slot.dataset.id = card.id;
    slot.dataset.name = card.name;
    slot.dataset.status = card.status;
    slot.dataset.minted = card.chain ? "true" : "";
    slot.dataset.giftable = card.giftable ? "true" : "";
    return slot;
  }

  function renderTwin(twin, root, blockId) {
    var s = root.dataset;
    var locale = localeOf(root);
    var parts = article(blockId + "-" + twin.id, twin.title, s.twinBadge, "twin", (twin.images || [])[0], serialLine(twin, root));
    if (twin.brand) parts.body.appendChild(el("p", "twin-cards__brand", twin.brand));
    if (twin.description) parts.body.appendChild(el("p", "twin-cards__description", twin.description));
    var price = twin.price !== null && twin.price !== undefined && twin.currency ? formatMoney(twin.price, twin.currency, locale) : null;
    var list = definitionList([
      [s.price, price],
      [s.quantity, typeof twin.quantity === "number" ? new Intl.NumberFormat(locale).format(twin.quantity) : null],
      [s.universalName, twin.uns_name],
    ]);
    if (list) parts.body.appendChild(list);
    var chain = chainLine(twin.chain, root, twin.title);
    if (chain) parts.body.appendChild(chain);
    var link = (twin.links || []).filter(isHttpUrl)[0];
    if (link) {
      var anchor = el("a", "twin-cards__link", s.link);
      anchor.href = link;
      anchor.setAttribute("aria-label", s.link + ": " + twin.title);
      parts.body.appendChild(anchor);
    }
    actionLinks(twin, twin.title, root, parts.body, null);
    return parts.item;
  }

  // A sentence of the locale file with its parts filled in: the block's Liquid marks them %n, %d… (see its data-* attributes).
  function fill(text, values) {
    return String(text).replace(/%([a-z])/g, function (_, name) {
      return values[name] || "";
    });
  }

  // The gifts the customer gave that were claimed (issue 39, item 9): "Gold: given to Olivia on 7 December 2026".
  function givenList(root, given) {
    if (!given || !given.length) return null;
    var s = root.dataset;
    var section = el("section", "twin-cards__given");
    section.appendChild(el("h3", null, s.givenHeading));
    var list = el("ul");
    given.forEach(function (gift) {
      list.appendChild(el("li", null, fill(s.givenLine, { c: gift.cardName, t: gift.recipient, d: formatDate(gift.at, localeOf(root)) })));
    });
    section.appendChild(list);
    return section;
  }

  function render(root, data) {
    var blockId = root.dataset.blockId || "block";
    var cards = (data && data.cards) || [];
    var twins = (data && data.twins) || [];
    var content = root.querySelector("[data-twin-cards-content]");
    content.replaceChildren();
    var given = givenList(root, data && data.given);
    // For my-cards-waiting.js, which draws the linked wallet and the cards waiting for the customer above the list.
    root.twinCardsData = data;
    if (!cards.length && !twins.length) {
      if (!(data && data.waiting && data.waiting.length)) content.appendChild(el("p", "twin-cards__empty", root.dataset.empty));
      if (given) content.appendChild(given);
      root.dispatchEvent(new CustomEvent("twin-cards:rendered", { bubbles: true }));
      return;
    }
    var list = el("ul", "twin-cards__grid");
    list.setAttribute("role", "list");
    cards.forEach(function (card) {
      list.appendChild(renderCard(card, root, blockId));
    });
    twins.forEach(function (twin) {
      list.appendChild(renderTwin(twin, root, blockId));
    });
    content.appendChild(list);
    if (given) content.appendChild(given);
    root.dispatchEvent(new CustomEvent("twin-cards:rendered", { bubbles: true }));
    // Cards the store holds for the customer: where to move them to a wallet of their own.
    if (
      cards.some(function (card) {
        return card.custody === "HELD";
      })
    ) {
      var wallet = el("a", "twin-cards__button twin-cards__button--secondary", root.dataset.linkWallet);
      wallet.href = root.dataset.proxyUrl + "/wallet";
      content.appendChild(wallet);
    }
  }

  function setStatus(root, text, visible) {
    var status = root.querySelector("[data-twin-cards-status]");
    status.textContent = text;
    status.classList.toggle("twin-cards__visually-hidden", !visible);
  }

  function showError(root, message, action) {
    var content = root.querySelector("[data-twin-cards-content]");
    content.replaceChildren();
    setStatus(root, message, true);
    content.appendChild(action);
  }

  function load(root, reason) {
    var content = root.querySelector("[data-twin-cards-content]");
    var requestId = (Number(root.dataset.requestId) || 0) + 1;
    root.dataset.requestId = String(requestId);
    content.setAttribute("aria-busy", "true");
    if (reason !== "refresh") setStatus(root, root.dataset.loading, true);

    fetch(root.dataset.proxyUrl + "/cards", { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return null;
          })
          .then(function (body) {
            return { status: response.status, body: body };
          });
      })
      .then(function (result) {
        if (root.dataset.requestId !== String(requestId)) return;
        content.setAttribute("aria-busy", "false");
        if (result.status === 200 && result.body && result.body.data) {
          render(root, result.body.data);
          setStatus(root, reason === "refresh" ? root.dataset.updated : "", false);
          return;
        }
        if (result.status === 401) {
          var login = el("a", "twin-cards__button twin-cards__button--secondary", root.dataset.logIn);
          login.href = loginHref(root);
          showError(root, root.dataset.sessionExpired, login);
          return;
        }
        throw new Error("HTTP " + result.status);
      })
      .catch(function () {
        if (root.dataset.requestId !== String(requestId)) return;
        content.setAttribute("aria-busy", "false");
        var retry = el("button", "twin-cards__button twin-cards__button--secondary", root.dataset.retry);
        retry.type = "button";
        retry.addEventListener("click", function () {
          load(root, "retry");
        });
        showError(root, root.dataset.error, retry);
      });
  }

  function init() {
    document.querySelectorAll(SELECTOR).forEach(function (root) {
      if (root.dataset.twinCardsReady) return;
      root.dataset.twinCardsReady = "true";
      load(root, "initial");
    });
  }

  document.addEventListener("twin-cards:claimed", function () {
    document.querySelectorAll(SELECTOR).forEach(function (root) {
      load(root, "refresh");
    });
  });
  // my-cards-gift.js gave or took back a card: show the list as it is now.
  document.addEventListener("twin-cards:changed", function (event) {
    load(event.target.closest(SELECTOR), "refresh");
  });
  // The theme editor re-renders a section in place when the merchant changes a setting.
  document.addEventListener("shopify:section:load", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
