/*
 * Twin Cards: My cards' "Copy" button next to the linked wallet (issue 39, item 10; decision 0072).
 * Hidden without JavaScript (the shortened address stays readable); with it, the whole address is
 * copied to the clipboard and "Copied" said in the status next to it. Every word comes from the
 * button's data-* attributes (the page's language).
 */
(function () {
  "use strict";

  var buttons = document.querySelectorAll("[data-twincards-copy]");
  Array.prototype.forEach.call(buttons, function (button) {
    var status = button.parentNode.querySelector("[data-twincards-copy-status]");
    var say = function (text) {
      if (status) status.textContent = text;
    };
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(button.dataset.value).then(
        function () {
          say(button.dataset.copied);
        },
        function () {
          say(button.dataset.failed);
        },
      );
    });
  });
})();
