/*
 * Twin Cards: the verification page's Share button (issue 39, item 12; app/faces/storefront/verify-page.server.ts).
 * Without JavaScript it is a plain link to the page. With it: the system's share sheet where the browser has the
 * Web Share API (navigator.share), else the page's address copied to the clipboard and "Link copied" said in the
 * status next to it. Every word comes from the link's data-* attributes (the page's language).
 */
(function () {
  "use strict";

  var links = document.querySelectorAll("[data-twincards-share]");
  Array.prototype.forEach.call(links, function (link) {
    var status = link.parentNode.querySelector("[data-twincards-share-status]");
    var say = function (text) {
      if (status) status.textContent = text;
    };
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var url = link.href;
      if (typeof navigator.share === "function") {
        navigator.share({ title: link.dataset.title || document.title, url: url }).catch(function () {});
        return;
      }
      if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
        navigator.clipboard.writeText(url).then(
          function () {
            say(link.dataset.copied);
          },
          function () {
            say(link.dataset.failed);
          },
        );
        return;
      }
      say(link.dataset.failed);
    });
  });
})();
