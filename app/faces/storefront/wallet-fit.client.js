/*
 * Twin Cards: the wallet button that fits the device (docs/decisions/0074-passes-as-apple-and-google-ask.md).
 * The server writes every configured wallet's button, which is what a browser without JavaScript shows; here
 * the one that does not fit is hidden: Apple Wallet on an iPhone, iPad, iPod or Safari on a Mac, Google Wallet
 * on Android, both elsewhere. The same rule as the theme blocks' `fitsDevice` (extensions/storefront-src).
 */
(function () {
  "use strict";

  var ua = navigator.userAgent;
  var android = /Android/.test(ua);
  var apple =
    !android &&
    (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Safari\//.test(ua) && !/Chrome|Chromium|Edg|Firefox|OPR/.test(ua)));
  if (!android && !apple) return;
  var unfit = android ? "apple" : "google";
  Array.prototype.forEach.call(document.querySelectorAll('[data-twincards-wallet="' + unfit + '"]'), function (button) {
    button.hidden = true;
  });
})();
