/*
 * Twin Cards: gifting on the "My cards" block (decision 0043), loaded by
 * blocks/my-cards.liquid next to my-cards.js. It fills each card's
 * [data-twin-cards-gift] placeholder: Give this (a form for the recipient's
 * e-mail or phone), or Take the gift back while it waits; after either, it
 * dispatches `twin-cards:changed` so my-cards.js reloads the list.
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

  function button(text, onClick) {
    var node = el("button", "twin-cards__button twin-cards__button--secondary", text);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function field(form, tag, name, label, attributes) {
    var wrap = el("label", "twin-cards__field", label);
    var input = el(tag, "twin-cards__input");
    input.name = name;
    Object.keys(attributes).forEach(function (key) {
      input.setAttribute(key, attributes[key]);
    });
    wrap.appendChild(input);
    form.appendChild(wrap);
    return input;
  }

  function giftForm(root, url, slot, name) {
    var s = root.dataset;
    var form = el("form", "twin-cards__gift");
    form.setAttribute("aria-label", s.give + ": " + name);
    // An e-mail keyboard (its @ and its digits), and a hint that a phone number works too.
    var to = field(form, "input", "recipient", s.giftTo, {
      type: "text",
      inputmode: "email",
      required: "",
      autocomplete: "off",
      maxlength: "254",
      "aria-describedby": "twin-cards-gift-hint-" + slot.dataset.id,
    });
    var hint = el("p", "twin-cards__hint", s.giftToHint);
    hint.id = "twin-cards-gift-hint-" + slot.dataset.id;
    form.appendChild(hint);
    field(form, "textarea", "message", s.giftMessage, { maxlength: "300", rows: "2" });
    // How the message names the giver: their first name unless they change it (never their e-mail).
    var from = field(form, "input", "fromName", s.giftFrom, { maxlength: "60", autocomplete: "given-name" });
    from.value = s.giftFromDefault || "";
    var submit = el("button", "twin-cards__button", s.giftSend);
    form.appendChild(submit);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var recipient = to.value.trim();
      // The page's language: the recipient reads the gift in it unless Shopify knows theirs.
      var payload = { message: form.elements.message.value, fromName: from.value, locale: s.locale };
      payload[recipient.indexOf("@") >= 0 ? "email" : "phone"] = recipient;
      send(root, submit, url + "/give", payload, form, slot);
    });
    setTimeout(function () {
      to.focus();
    });
    return form;
  }

  // Posts, then has the list reloaded; a refusal shows the app's message where the customer acted.
  function send(root, control, url, payload, place, slot) {
    control.disabled = true;
    fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (response.ok) {
            if (answer && answer.data && answer.data.sentTo) sentTo(root, answer.data.sentTo);
            return slot.dispatchEvent(new CustomEvent("twin-cards:changed", { bubbles: true }));
          }
          throw new Error((answer && answer.error && answer.error.message) || root.dataset.error);
        });
      })
      .catch(function (error) {
        control.disabled = false;
        var alert = place.querySelector("[role=alert]") || place.appendChild(el("p", "twin-cards__error"));
        alert.setAttribute("role", "alert");
        alert.textContent = error.message || root.dataset.error;
      });
  }

  // "Gift sent to j***@example.com": said above the list, which reloads after a gift.
  function sentTo(root, destination) {
    var status = root.querySelector("[data-twin-cards-gift-sent]");
    if (!status) {
      status = el("p", "twin-cards__sent");
      status.setAttribute("role", "status");
      status.setAttribute("data-twin-cards-gift-sent", "");
      var content = root.querySelector("[data-twin-cards-content]");
      content.parentNode.insertBefore(status, content);
    }
    status.textContent = root.dataset.giftSent + " " + destination;
  }

  function fill(root, slot) {
    var s = root.dataset;
    var card = slot.dataset;
    var url = s.proxyUrl + "/cards/" + encodeURIComponent(card.id);
    slot.dataset.filled = "true";
    if (card.status === "OWNED" && card.minted) slot.appendChild(el("p", "twin-cards__held", s.giftMinted));
    if (card.status === "PENDING_TRANSFER") {
      slot.appendChild(
        button(s.takeBack, function (event) {
          send(root, event.target, url + "/cancel-gift", {}, slot, slot);
        }),
      );
    }
    if (card.giftable) {
      slot.appendChild(
        button(s.give, function (event) {
          event.target.replaceWith(giftForm(root, url, slot, card.name));
        }),
      );
    }
  }

  // Whichever script runs first, every rendered card gets its actions once.
  function decorate(root) {
    if (!root) return;
    root.querySelectorAll("[data-twin-cards-gift]:not([data-filled])").forEach(function (slot) {
      fill(root, slot);
    });
  }

  document.addEventListener("twin-cards:rendered", function (event) {
    decorate(event.target.closest(SELECTOR));
  });
  document.querySelectorAll(SELECTOR).forEach(decorate);
})();
