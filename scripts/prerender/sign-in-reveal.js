// Shows the build-time sign-in snapshot (see scripts/prerender/sign-in-snapshot.ts)
// only where the app would show that form at once: at /login, with no session
// stored by supabase-js (any `sb-*-auth-token` key) and no sign-in callback in
// the address. Then loads the app (its entry and module preloads, from this
// tag's data-entry and data-preload): at once, or, when the snapshot shows in
// a visible page, after its first contentful paint, so that paint waits only
// for the HTML (the build inlines this script and the stylesheet; the page's
// Content-Security-Policy allows the two by their hashes, and nothing else inline).
(function () {
  var tag = document.currentScript;
  var revealed = false;
  try {
    var callback = /[?#&](access_token|error|error_description|error_code|code)=/.test(location.href);
    var stored = Object.keys(localStorage).some(function (key) {
      return /^sb-.+-auth-token$/.test(key);
    });
    var snapshot = document.querySelector("[data-sign-in-snapshot]");
    if (snapshot && location.pathname === "/login" && !callback && !stored) {
      snapshot.hidden = false;
      revealed = true;
    }
  } catch (error) {
    // No storage to read: leave the snapshot hidden and let the app decide.
  }

  function loadApp() {
    var preloads = (tag.getAttribute("data-preload") || "").split(" ");
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = tag.getAttribute("data-entry");
    document.head.appendChild(entry);
  }

  // The first contentful paint as the browser reports it (drawing can finish
  // well after the frame was produced); two seconds at most, in case none is.
  function afterFirstPaint(callback) {
    var called = false;
    function once() {
      if (!called) {
        called = true;
        callback();
      }
    }
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName("first-contentful-paint").length) {
          observer.disconnect();
          once();
        }
      }).observe({ type: "paint", buffered: true });
    } catch (error) {
      // No paint timing here: the first frame is near enough.
      requestAnimationFrame(function () {
        setTimeout(once, 0);
      });
    }
    setTimeout(once, 2000);
  }

  if (revealed && document.visibilityState === "visible") afterFirstPaint(loadApp);
  else loadApp();
})();
