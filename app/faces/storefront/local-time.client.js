/*
 * Twin Cards: moments in the shopper's own time zone (app/faces/storefront/liquid-pages.server.ts, `moment`).
 * The server writes each <time data-twincards-local> in the shop's zone with the zone named, which is what a
 * browser without JavaScript shows; here it is rewritten in the browser's zone, in the page's language, with
 * that zone named. The shop's version stays as the element's title.
 */
(function () {
  "use strict";

  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return;
  }
  var times = document.querySelectorAll("time[data-twincards-local]");
  Array.prototype.forEach.call(times, function (time) {
    var date = new Date(time.getAttribute("datetime"));
    if (isNaN(date.getTime())) return;
    var holder = time.closest("[lang]");
    var language = (holder && holder.getAttribute("lang")) || undefined;
    try {
      var text = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(date);
      time.title = time.textContent;
      time.textContent = zone ? text + " (" + zone + ")" : text;
    } catch {
      // An engine without dateStyle: the shop's zone, as written, stays.
    }
  });
})();
